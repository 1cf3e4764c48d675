/**
 * A bare Fastify 5 server for bench/fixed-cost.ts: one GET route answering a user of the shape GET
 * users/{id} answers, with no hooks and no validation; and /health. PORT names its port.
 *
 * With DATABASE_URL the route reads the user first, with one prepared statement through a pg pool (no
 * ORM, no session check): the floor of a request that makes one round trip to PostgreSQL, so the bench
 * can tell what the round trip costs from what the app adds to it.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;
const USER_QUERY = 'select id, email, role, customer_role, department, customer, abbreviation from users where id = $1';

const app = Fastify({ logger: false });
// For waitHealthy (bench/server.ts), as the app answers it.
app.get('/api/v1/health', async () => ({ status: 'ok' }));
app.get('/api/v1/users/:id', async (req) => {
  const id = (req.params as { id: string }).id;
  const row = pool ? (await pool.query({ name: 'user', text: USER_QUERY, values: [id] })).rows[0] : null;
  return {
    _id: id,
    email: row?.email ?? 'admin@demo.test',
    friendlyUsername: 'Demo Admin',
    role: row?.role ?? 1,
    customerRole: row?.customer_role ?? null,
    department: row?.department ?? 0,
    customer: row?.customer ?? 0,
    abbreviation: row?.abbreviation ?? 'ADM',
    auswertung: true,
    forecast: false,
    isResigned: false,
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
