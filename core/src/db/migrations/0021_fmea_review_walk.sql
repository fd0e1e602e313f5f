CREATE TABLE `fmea_review_walk` (
	`round_id` text NOT NULL,
	`user_id` text NOT NULL,
	`step` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`round_id`, `user_id`, `step`),
	FOREIGN KEY (`round_id`) REFERENCES `fmea_review_round`(`id`) ON UPDATE no action ON DELETE cascade
);
