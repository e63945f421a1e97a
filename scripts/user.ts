/**
 * Operators' account commands (`npm run user -- …`):
 *   add --username U --email E [--role user|curator|super_curator|developer] [--confirmed]
 *       creates an account; the password is read from standard input (e.g. `… < password-file`).
 *       Without --confirmed the user gets the confirmation mail.
 *   role U ROLE
 *       sets a role (the user's sessions end; they sign in again with the new rights).
 *   ensure-admin
 *       on a registry without a super curator, creates `admin` with a random password, printed once.
 */
import { parseArgs } from 'node:util';
import { createDatabase, loadConfig, runCli, type Database, type RegistryConfig } from '@registry/platform';
import { isUserRole, USER_ROLES, type UserRole } from '@registry/schemas';
import { createAccountRepository } from '@registry/api/accounts/account-repository.ts';
import type { AccountDependencies } from '@registry/api/accounts/account-actions.ts';
import { addUserAsOperator, setRoleAsOperator, superCuratorExists } from '@registry/api/accounts/user-admin-service.ts';
import { DomainError } from '@registry/api/domain-errors.ts';
import { createSmtpMailer } from '@registry/api/accounts/mailer.ts';
import { randomToken } from '@registry/api/accounts/secrets.ts';
import { NO_ATTEMPT_LIMITS } from '@registry/api/accounts/attempt-limits.ts';

const USAGE = `usage: npm run user -- add --username U --email E [--role ${USER_ROLES.join('|')}] [--confirmed]  (password on stdin)
       npm run user -- role USERNAME ROLE
       npm run user -- ensure-admin`;

function operatorAccounts(config: RegistryConfig, db: Database) {
  const mailer = createSmtpMailer(config);
  const deps: AccountDependencies = {
    repository: createAccountRepository(db),
    mailer,
    limiter: NO_ATTEMPT_LIMITS,
    config,
    signToken: () => {
      throw new Error('the command line does not sign in');
    },
    warn: (message, error) => console.warn(`${message}: ${error instanceof Error ? error.message : String(error)}`),
  };
  return { deps, close: () => mailer.close() };
}

async function readStandardInput(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('password (then Enter and Ctrl-D): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** A mistake in the command itself: one line, exit status 2. */
class UsageError extends Error {}

function role(raw: string | undefined, fallback: UserRole): UserRole {
  if (raw === undefined) return fallback;
  if (!isUserRole(raw)) throw new UsageError(`unknown role "${raw}": use one of ${USER_ROLES.join(', ')}`);
  return raw;
}

runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { username: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, confirmed: { type: 'boolean', default: false } },
  });
  const [command, ...rest] = positionals;
  if (!['add', 'role', 'ensure-admin'].includes(command ?? '')) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const db = createDatabase(config.databaseUrl);
  const { deps, close } = operatorAccounts(config, db);
  let exitStatus = 0;
  try {
    if (command === 'add') {
      if (!values.username || !values.email) throw new UsageError(USAGE);
      const password = await readStandardInput();
      const id = await addUserAsOperator(deps, {
        username: values.username, email: values.email, password, role: role(values.role, 'user'), confirmed: values.confirmed ?? false,
      });
      console.log(`created user ${values.username} (id ${id})${values.confirmed ? '' : '; a confirmation mail was sent'}`);
    } else if (command === 'role') {
      const [username, newRole] = rest;
      if (!username || !newRole) throw new UsageError(USAGE);
      await setRoleAsOperator(deps, username, role(newRole, 'user'));
      console.log(`${username} is now ${newRole}`);
    } else if (!(await superCuratorExists(deps))) {
      const password = randomToken().slice(0, 24);
      await addUserAsOperator(deps, { username: 'admin', email: 'admin@registry.invalid', password, role: 'super_curator', confirmed: true });
      console.log(`created the super curator "admin" with the password ${password} (shown once: sign in and change it)`);
    }
  } catch (error) {
    if (!(error instanceof DomainError || error instanceof UsageError)) throw error;
    console.error(error.message);
    exitStatus = error instanceof UsageError ? 2 : 1;
  } finally {
    close();
    await db.destroy();
  }
  if (exitStatus !== 0) process.exit(exitStatus);
});
