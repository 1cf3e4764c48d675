import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it("writes helmet's headers once, with the CSP directives given", () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null } },
      hsts: false,
    });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('adds HSTS when asked (production)', () => {
    expect(securityHeaders({ hsts: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});
