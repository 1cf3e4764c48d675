-- The checklists of a book type (decision 021). NULL: the norm lists of its kind of installation,
-- so the seeded types and every existing type start with them.
ALTER TABLE "book_types" ADD COLUMN "checklist" jsonb;--> statement-breakpoint
ALTER TABLE "book_types" ADD COLUMN "self_checklist" jsonb;