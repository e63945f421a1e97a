import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SCREENSHOT_DIR = join(REPO_ROOT, 'tests', 'artifacts', 'screenshots');
