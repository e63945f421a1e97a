/**
 * Whole-catalogue downloads (the open dumps) kept as files, so a dump asked for again is sent from
 * disk instead of read from Postgres and written out again. One JSON dump of the demo catalogue
 * costs Postgres about 330 ms of CPU and the API 80 ms; a harvester, or a client looping it on
 * its two expensive requests at once, made everyone's search wait behind that work.
 *
 * A file is kept per dump and per `version` of the data it was built from: a request for another
 * version builds it anew (once, however many ask at once) and the file it replaces is removed a
 * while later, when the requests still reading it have had time to open it. So the disk holds
 * about one file per kind of dump, in a directory of this process's own under the system's
 * temporary directory, removed by `clear()` when the app closes. A build that fails keeps
 * nothing and fails its requests. `keptDumps` versions them by the index outbox: every save of
 * what the dumps show writes an intent there (`committedOutboxVersion`).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { committedOutboxVersion, type Database } from '@registry/platform';

/** How long a replaced file stays, for the requests that chose it just before. */
const REPLACED_FILE_GRACE_MS = 60_000;

interface KeptFile {
  version: string;
  path: string;
}

export class KeptFiles {
  #directory: Promise<string> | undefined;
  readonly #kept = new Map<string, KeptFile>();
  /** Files being built, by name and version: a second request for one waits for the first. */
  readonly #building = new Map<string, Promise<KeptFile>>();
  /** The version each dump was last built for: the one that stays kept when builds overlap. */
  readonly #latest = new Map<string, string>();
  readonly #removals = new Set<ReturnType<typeof setTimeout>>();
  #builds = 0;

  /**
   * The dump `name` at `version`, opened for reading: the kept file, or the one `build` writes.
   * The caller streams it (`handle.createReadStream()`, which closes it at the end).
   */
  async open(name: string, version: string, build: () => AsyncIterable<string | Buffer>): Promise<FileHandle> {
    const kept = this.#kept.get(name);
    const file = kept?.version === version ? kept : await this.#built(name, version, build);
    return open(file.path, 'r');
  }

  /** Removes every kept file and the directory (the app closing). */
  async clear(): Promise<void> {
    for (const timer of this.#removals) clearTimeout(timer);
    this.#removals.clear();
    this.#kept.clear();
    this.#latest.clear();
    const directory = this.#directory;
    this.#directory = undefined;
    if (directory) await rm(await directory, { recursive: true, force: true });
  }

  #built(name: string, version: string, build: () => AsyncIterable<string | Buffer>): Promise<KeptFile> {
    const buildKey = `${version}\0${name}`;
    const pending = this.#building.get(buildKey);
    if (pending) return pending;
    const building = this.#write(name, version, build).finally(() => this.#building.delete(buildKey));
    this.#building.set(buildKey, building);
    this.#latest.set(name, version);
    return building;
  }

  async #write(name: string, version: string, build: () => AsyncIterable<string | Buffer>): Promise<KeptFile> {
    this.#directory ??= mkdtemp(join(tmpdir(), 'registry-dumps-'));
    const directory = await this.#directory;
    this.#builds += 1;
    const path = join(directory, `${name}.${this.#builds}`);
    const partial = `${path}.part`;
    try {
      await pipeline(Readable.from(build()), createWriteStream(partial));
      await rename(partial, path);
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      throw error;
    }
    const file = { version, path };
    // A build overtaken by one of a later request serves its own requests only.
    if (this.#latest.get(name) !== version) {
      this.#removeLater(path);
      return file;
    }
    const replaced = this.#kept.get(name);
    this.#kept.set(name, file);
    if (replaced) this.#removeLater(replaced.path);
    return file;
  }

  #removeLater(path: string): void {
    const timer = setTimeout(() => {
      this.#removals.delete(timer);
      void unlink(path).catch(() => undefined);
    }, REPLACED_FILE_GRACE_MS);
    timer.unref();
    this.#removals.add(timer);
  }
}

export interface KeptDumps {
  /** The dump `name` of the catalogue as it is now: its kept file, or the one `build` writes, as a stream. */
  stream(name: string, build: () => AsyncIterable<string | Buffer>): Promise<Readable>;
  clear(): Promise<void>;
}

/** A slice's dumps, each built once per version of the catalogue (the outbox's) and sent from its file. */
export function keptDumps(db: Database): KeptDumps {
  const files = new KeptFiles();
  return {
    async stream(name, build) {
      const handle = await files.open(name, await committedOutboxVersion(db), build);
      return handle.createReadStream();
    },
    clear: () => files.clear(),
  };
}
