ALTER TABLE "fmea_failure" ADD COLUMN "msr_frequency" bigint;
--> statement-breakpoint
ALTER TABLE "fmea_failure" ADD COLUMN "msr_monitoring" bigint;
--> statement-breakpoint
ALTER TABLE "fmea_failure" ADD COLUMN "msr_severity" bigint;
--> statement-breakpoint
ALTER TABLE "fmea_failure" ADD COLUMN "msr_effect" text;
--> statement-breakpoint
ALTER TABLE "fmea_failure" ADD CONSTRAINT "fmea_failure_msr_frequency" CHECK (("fmea_failure"."msr_frequency" is null or "fmea_failure"."msr_frequency" between 1 and 10) and ("fmea_failure"."msr_frequency" is null or "fmea_failure"."kind" = 'FC'));
--> statement-breakpoint
ALTER TABLE "fmea_failure" ADD CONSTRAINT "fmea_failure_msr_monitoring" CHECK (("fmea_failure"."msr_monitoring" is null or "fmea_failure"."msr_monitoring" between 1 and 10) and ("fmea_failure"."msr_monitoring" is null or "fmea_failure"."kind" = 'FC'));
--> statement-breakpoint
ALTER TABLE "fmea_failure" ADD CONSTRAINT "fmea_failure_msr_severity" CHECK (("fmea_failure"."msr_severity" is null or "fmea_failure"."msr_severity" between 1 and 10) and ("fmea_failure"."msr_severity" is null or "fmea_failure"."kind" = 'FC'));
