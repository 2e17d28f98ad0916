ALTER TABLE `orders` ADD `proof_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `proof_uploaded_at` text;