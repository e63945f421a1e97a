/** A community test environment: the accounts harness (app, SMTP sink) over the demo catalogue, with people of each role. */
import type { UserRole } from '@registry/schemas';
import type { DigestDeps } from '@registry/api/watching/watching-service.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';

export interface Person {
  id: number;
  username: string;
  email: string;
  token: string;
}

export async function startCommunityHarness(name: string): Promise<AccountsHarness> {
  const harness = await startAccountsHarness(name);
  await seedDemoCatalogue(harness.env.db);
  return harness;
}

export async function person(harness: AccountsHarness, username: string, role: UserRole = 'user'): Promise<Person> {
  const email = `${username}@example.org`;
  const [row] = await harness.env.db('users').insert({ username, email, role, confirmed_at: new Date() }).returning('id');
  return { id: Number(row.id), username, email, token: await signUserToken(harness.app, Number(row.id)) };
}

/** An approved, visible record of the demo catalogue and a hidden one. */
export async function demoRecords(harness: AccountsHarness): Promise<{ visible: { id: number; name: string }[]; hidden: { id: number; name: string } }> {
  const db = harness.env.db;
  const visible = await db('records').where({ is_hidden: false, is_approved: true }).orderBy('id').limit(4).select('id', 'name');
  const [hiddenCandidate] = await db('records').where({ is_hidden: false, is_approved: true }).orderBy('id', 'desc').limit(1).select('id', 'name');
  await db('records').where({ id: hiddenCandidate.id }).update({ is_hidden: true });
  return { visible, hidden: hiddenCandidate };
}

/** What the change-digest job needs, from the harness's app (its mailer) and database. */
export function digestDeps(harness: AccountsHarness): DigestDeps {
  return {
    db: harness.env.db,
    mailer: harness.app.communityMail.mailer,
    mailContext: harness.app.communityMail.context,
    secret: harness.config.jwtSecret,
    warn: () => undefined,
  };
}
