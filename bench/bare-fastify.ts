/**
 * A bare Fastify 5 server for bench/fixed-cost.ts: one GET route answering a user of the shape GET
 * users/{id} answers, with no database, no hooks and no validation; and /health. PORT names its port.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
// For waitHealthy (bench/server.ts), as the app answers it.
app.get('/api/v1/health', async () => ({ status: 'ok' }));
app.get('/api/v1/users/:id', async (req) => ({
  _id: (req.params as { id: string }).id,
  email: 'admin@demo.test',
  friendlyUsername: 'Demo Admin',
  role: 1,
  customerRole: null,
  department: 0,
  customer: 0,
  abbreviation: 'ADM',
  auswertung: true,
  forecast: false,
  isResigned: false,
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
