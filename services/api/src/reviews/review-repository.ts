/** The SQL of record reviews. */
import type { Knex } from 'knex';

export async function insertReview(trx: Knex.Transaction, recordId: number, userId: number): Promise<{ id: number; reviewedAt: Date }> {
  const [review] = await trx('record_reviews').insert({ record_id: recordId, user_id: userId }).returning(['id', 'created_at']);
  await trx('records').where({ id: recordId }).update({ last_reviewed: review.created_at });
  return { id: Number(review.id), reviewedAt: new Date(review.created_at) };
}
