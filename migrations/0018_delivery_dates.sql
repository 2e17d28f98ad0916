ALTER TABLE `orders` ADD `delivery_estimate` text;--> statement-breakpoint
ALTER TABLE `products` ADD `lead_time_working_days` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `lead_time_is_sample` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Back-fill: the SAMPLE lead times of worker/seed/lead-times.ts per section (still marked sample).
UPDATE `products` SET `lead_time_working_days` = CASE `section`
  WHEN 'indoor_blinds' THEN 7
  WHEN 'outdoor_blinds' THEN 10
  WHEN 'indoor_shutters' THEN 15
  WHEN 'outdoor_shutters' THEN 15
  WHEN 'outdoor_awnings' THEN 12
  ELSE 10 END;
