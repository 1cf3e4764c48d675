import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Numbers read at scrape time from outside the request path (pool, queues, jobs). */
export interface MetricSources {
  pool(): { total: number; idle: number; waiting: number } | null;
  /** Mails by queue state, and job failures, read from the database at scrape time. */
  queues(): Promise<{ mailsByStatus: Record<string, number>; jobFailures24h: Record<string, number> }>;
}

/**
 * The Prometheus registry of one app: request durations per route and status, the pool's use, the
 * mail queue's depth and dead letters, job failures, and Node's own process metrics.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'pruefbuch_' });
  const requestDuration = new Histogram({
    name: 'pruefbuch_http_request_duration_seconds',
    help: 'Request durations by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const responses = new Counter({
    name: 'pruefbuch_http_responses_total',
    help: 'Responses by status class',
    labelNames: ['status_class'] as const,
    registers: [registry],
  });
  let sources: MetricSources | null = null;
  new Gauge({
    name: 'pruefbuch_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources?.pool();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
  const mails = new Gauge({
    name: 'pruefbuch_mail_outbox',
    help: 'Mails by state (queued and retrying are the queue; dead need an admin)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const jobFailures = new Gauge({
    name: 'pruefbuch_job_failures_24h',
    help: 'Failed runs of each periodic job in the last 24 hours',
    labelNames: ['job'] as const,
    registers: [registry],
  });

  type CacheStats = () => { hits: number; lookups: number; size: number; listening: boolean };
  /** A cache's figures: answers from the cache (hits) and from the database (lookups), entries, listening. */
  const cacheGauge = (name: string, help: string) => {
    let stats: CacheStats | null = null;
    new Gauge({
      name,
      help,
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = stats?.();
        if (!s) return;
        this.set({ state: 'hits' }, s.hits);
        this.set({ state: 'lookups' }, s.lookups);
        this.set({ state: 'size' }, s.size);
        this.set({ state: 'listening' }, s.listening ? 1 : 0);
      },
    });
    return (source: CacheStats) => {
      stats = source;
    };
  };
  const setSessionCache = cacheGauge(
    'pruefbuch_session_cache',
    'Session checks answered from the cache (hits) and from the database (lookups) since the start, sessions kept (size), and whether the process hears of changes (listening: 1; while 0 nothing is kept)',
  );
  const setKeptLocations = cacheGauge(
    'pruefbuch_kept_locations',
    'Staff branch-list calls answered from kept tenants (hits; a tenant kept as too large counts too) and tenants read from the database (lookups) since the start, tenants kept (size), and whether the process hears of changes (listening: 1; while 0 nothing is kept)',
  );

  return {
    registry,
    setSources(s: MetricSources) {
      sources = s;
    },
    /** The session cache whose figures /metrics shows (platform/session-cache.ts). */
    setSessionCache,
    /** The kept branch lists whose figures /metrics shows (customerlocations.kept.ts). */
    setKeptLocations,
    observe(method: string, route: string, statusCode: number, seconds: number) {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
      responses.inc({ status_class: `${Math.floor(statusCode / 100)}xx` });
    },
    async text(): Promise<string> {
      if (sources) {
        const q = await sources.queues();
        mails.reset();
        for (const status of ['queued', 'retrying', 'sent', 'dead', 'stored'])
          mails.set({ status }, q.mailsByStatus[status] ?? 0);
        jobFailures.reset();
        for (const [job, n] of Object.entries(q.jobFailures24h)) jobFailures.set({ job }, n);
      }
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
