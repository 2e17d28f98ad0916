CREATE TABLE `lead_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` text NOT NULL,
	`actor` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_notes_lead` ON `lead_notes` (`lead_id`,`created_at`);--> statement-breakpoint
-- Back-fill: each lead's one note field becomes its first history entry. A lead has no 'updated'
-- column, so the entry is dated by the latest time known for the lead: its last contact, else its
-- creation.
INSERT INTO `lead_notes` (`lead_id`, `actor`, `text`, `created_at`)
SELECT `id`, 'before history', `notes`, coalesce(`last_contacted_at`, `created_at`) FROM `leads`
WHERE `notes` IS NOT NULL AND trim(`notes`) <> '';
