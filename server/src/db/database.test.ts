import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

const SETTING = 'SELECT current_setting($1) AS mode';

describe('prepared statements on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
  });
  afterAll(async () => db.close());

  it('runs a statement asked to plan generically like any other (one connection, PostgreSQL chooses)', async () => {
    expect(await db.prepared('p_sum', 'SELECT $1::int + $2::int AS n', [2, 3], { plan: 'generic' })).toEqual([
      { n: 5 },
    ]);
    expect(await db.prepared('p_sum', 'SELECT $1::int + $2::int AS n', [4, 5])).toEqual([{ n: 9 }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ url: process.env.TEST_DATABASE_URL! }, { poolMax: 2 });
  });
  afterAll(async () => db.close());

  it('plans a statement once per connection only when asked to', async () => {
    const generic = await db.prepared<{ mode: string }>('p_mode', SETTING, ['plan_cache_mode'], {
      plan: 'generic',
    });
    expect(generic).toEqual([{ mode: 'force_generic_plan' }]);
    // The same name on the other pool: each pool's connections prepare it for themselves.
    expect(await db.prepared('p_mode', SETTING, ['plan_cache_mode'])).toEqual([{ mode: 'auto' }]);
    // Prisma shares the default pool, and keeps PostgreSQL's choice of plan.
    expect(await db.prisma.$queryRawUnsafe<{ mode: string }[]>(SETTING, 'plan_cache_mode')).toEqual([
      { mode: 'auto' },
    ]);
  });

  it('answers many concurrent generic statements on its own few connections', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.prepared<{ n: number }>('p_twice', 'SELECT $1::int * 2 AS n', [i], { plan: 'generic' }),
      ),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
  });
});
