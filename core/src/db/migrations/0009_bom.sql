CREATE TABLE `bom` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`bom_num` text NOT NULL,
	`file_name` text,
	`creator_id` text,
	`creator_name` text,
	`updater_id` text,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bom_num_unique` ON `bom` (`bom_num`);--> statement-breakpoint
CREATE UNIQUE INDEX `bom_product_live_unique` ON `bom` (`product_id`) WHERE del_flg = 0;--> statement-breakpoint
CREATE TABLE `bom_part` (
	`id` text PRIMARY KEY NOT NULL,
	`bom_id` text NOT NULL,
	`parent_id` text,
	`part_num` text NOT NULL,
	`part_name` text NOT NULL,
	`en_part_name` text,
	`quantity` real NOT NULL,
	`unit` text,
	`level` integer NOT NULL,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`bom_id`) REFERENCES `bom`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `bom_part`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bom_part_bom_idx` ON `bom_part` (`bom_id`,`level`,`sort`);--> statement-breakpoint
CREATE INDEX `bom_part_parent_idx` ON `bom_part` (`parent_id`,`sort`);--> statement-breakpoint
CREATE UNIQUE INDEX `bom_part_sibling_unique` ON `bom_part` (`parent_id`,`part_num`);--> statement-breakpoint
CREATE UNIQUE INDEX `bom_part_top_unique` ON `bom_part` (`bom_id`,`part_num`) WHERE parent_id is null;