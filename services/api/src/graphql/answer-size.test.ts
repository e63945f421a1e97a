import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { answerSizeCap } from './answer-size.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.addHook('onSend', answerSizeCap('/graphql', 1_000));
  app.post('/graphql', async (request) => ({ data: { text: 'x'.repeat(Number((request.body as { size: number }).size)) } }));
  app.get('/other', async () => ({ text: 'x'.repeat(5_000) }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('answerSizeCap', () => {
  it('sends an answer within the cap as it is', async () => {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { size: 900 } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.text).toHaveLength(900);
  });

  it('replaces an answer over the cap with a 400 that says why', async () => {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { size: 5_000 } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.length).toBeLessThan(1_000);
    const body = response.json();
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([{
      message: expect.stringMatching(/^the answer is too large: 5\d{3} bytes, the limit is 1000; ask for fewer fields or records/),
      extensions: { code: 'ANSWER_TOO_LARGE', bytes: expect.any(Number), maxBytes: 1_000 },
    }]);
  });

  it('leaves other routes alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(200);
  });
});
