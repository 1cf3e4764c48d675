-- A process keeps the session lookups it made (platform/session-cache.ts, decision 047) while it hears
-- of every change to what they read: the user, the session, the user's tenants and the tenants. Any
-- write to these tables, by the server, by a restore or by hand, notifies auth_changed when it commits
-- (once per transaction, however many rows it wrote); every process then forgets its lookups. This
-- is not a business rule: it decides nothing, it only says that something changed.
CREATE OR REPLACE FUNCTION auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_tenants_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_tenants
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER tenants_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
