-- Chat leads may leave a phone number without an e-mail (issue 3). SQLite cannot drop NOT NULL in
-- place, so the table is rebuilt; leads has no foreign keys in or out. Reviewed by hand.
CREATE TABLE `__new_leads` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`whatsapp` text,
	`location` text,
	`source` text NOT NULL,
	`product_interest` text,
	`session_data` text,
	`notes` text,
	`follow_up_status` text DEFAULT 'new' NOT NULL,
	`popia_consent` integer DEFAULT false NOT NULL,
	`popia_consent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_contacted_at` text
);
--> statement-breakpoint
INSERT INTO `__new_leads`("id", "name", "email", "phone", "whatsapp", "location", "source", "product_interest", "session_data", "notes", "follow_up_status", "popia_consent", "popia_consent_at", "created_at", "last_contacted_at") SELECT "id", "name", "email", "phone", "whatsapp", "location", "source", "product_interest", "session_data", "notes", "follow_up_status", "popia_consent", "popia_consent_at", "created_at", "last_contacted_at" FROM `leads`;--> statement-breakpoint
DROP TABLE `leads`;--> statement-breakpoint
ALTER TABLE `__new_leads` RENAME TO `leads`;--> statement-breakpoint
UPDATE `leads` SET `email` = NULL WHERE `email` = '';--> statement-breakpoint
CREATE INDEX `leads_status_created` ON `leads` (`follow_up_status`,`created_at`);