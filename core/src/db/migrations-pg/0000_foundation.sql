CREATE TABLE "ap_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"sort" bigint NOT NULL,
	"rule_type" text NOT NULL,
	"ap" text NOT NULL,
	"s_min" bigint,
	"s_max" bigint,
	"o_min" bigint,
	"o_max" bigint,
	"d_min" bigint,
	"d_max" bigint,
	"rpn_min" bigint,
	"rpn_max" bigint,
	"so" bigint,
	"sd" bigint
);

--> statement-breakpoint
CREATE TABLE "ap_rule_set" (
	"table_name" text PRIMARY KEY NOT NULL,
	"selection" text NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "bom" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"bom_num" text NOT NULL,
	"file_name" text,
	"creator_id" text,
	"creator_name" text,
	"updater_id" text,
	"del_flg" bigint DEFAULT 0 NOT NULL,
	"deleted_at" bigint,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "bom_part" (
	"id" text PRIMARY KEY NOT NULL,
	"bom_id" text NOT NULL,
	"parent_id" text,
	"part_num" text NOT NULL,
	"part_name" text NOT NULL,
	"en_part_name" text,
	"quantity" double precision NOT NULL,
	"unit" text,
	"level" bigint NOT NULL,
	"sort" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "business_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"rule_group" text NOT NULL,
	"rule_type" text NOT NULL,
	"rule_name" text NOT NULL,
	"rule_name_en" text NOT NULL,
	"flag" text NOT NULL,
	"rule_sort" bigint DEFAULT 1 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "catalog_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"type" text NOT NULL,
	"record_id" text NOT NULL,
	"root_id" text NOT NULL,
	"serial_num" text NOT NULL,
	"version_no" bigint NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"remark" text,
	"user_id" text,
	"user_name" text NOT NULL
);

--> statement-breakpoint
CREATE TABLE "catalog_record" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"root_id" text NOT NULL,
	"serial_num" text NOT NULL,
	"version_no" bigint DEFAULT 1 NOT NULL,
	"is_latest_version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"product_type" text,
	"category" text,
	"text" text NOT NULL,
	"en_text" text,
	"data" json DEFAULT '{}'::json NOT NULL,
	"quote_count" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"creator_id" text,
	"creator_name" text,
	"updater_id" text,
	"applicant_id" text,
	"apply_time" bigint,
	"apply_remark" text,
	"auditor_id" text,
	"audit_time" bigint,
	"audit_remark" text,
	"approver_id" text,
	"approve_time" bigint,
	"approve_remark" text,
	"del_flg" bigint DEFAULT 0 NOT NULL,
	"deleted_at" bigint,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "collection" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"collect_type" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "control_plan" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"phase" text NOT NULL,
	"header" json DEFAULT '{}'::json NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "control_plan_line" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"origin" text NOT NULL,
	"step_node_id" text,
	"characteristic_id" text,
	"process_no" text,
	"process_name" text,
	"machine" text,
	"characteristic_no" text,
	"product_characteristic" text,
	"process_characteristic" text,
	"special_class" text,
	"specification" text,
	"measurement_technique" text,
	"sample_size" text,
	"sample_frequency" text,
	"control_method" text,
	"reaction_plan" text,
	"basis" json,
	"reviewed_by" text,
	"reviewed_at" bigint,
	"sort" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "control_plan_line_control" (
	"line_id" text NOT NULL,
	"control_id" text NOT NULL,
	"project_id" text NOT NULL
);

--> statement-breakpoint
CREATE TABLE "department" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"admin_user_id" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "dictionary" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text DEFAULT '' NOT NULL,
	"sort" bigint DEFAULT 1 NOT NULL,
	"del_flg" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "file" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_action" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"cause_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"responsible_user_id" text,
	"target_date" text,
	"status" text DEFAULT 'open' NOT NULL,
	"action_taken" text,
	"evidence" text,
	"completion_date" text,
	"ra_severity" bigint,
	"ra_occurrence" bigint,
	"ra_detection" bigint,
	"sort" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	CONSTRAINT "fmea_action_ra_severity" CHECK ("fmea_action"."ra_severity" is null or "fmea_action"."ra_severity" between 1 and 10),
	CONSTRAINT "fmea_action_ra_occurrence" CHECK ("fmea_action"."ra_occurrence" is null or "fmea_action"."ra_occurrence" between 1 and 10),
	CONSTRAINT "fmea_action_ra_detection" CHECK ("fmea_action"."ra_detection" is null or "fmea_action"."ra_detection" between 1 and 10)
);

--> statement-breakpoint
CREATE TABLE "fmea_baseline" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"project_type" text NOT NULL,
	"seq" bigint NOT NULL,
	"round" bigint NOT NULL,
	"version_label" text NOT NULL,
	"label" text NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"node_count" bigint NOT NULL,
	"chain_count" bigint NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_characteristic" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"function_id" text NOT NULL,
	"name" text NOT NULL,
	"characteristic_class" text NOT NULL,
	"special" integer DEFAULT 0 NOT NULL,
	"characteristic_kind" text,
	"customer_class" text,
	"sort" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"node_id" text,
	"body" text NOT NULL,
	"reply_to" text,
	"mentions" json NOT NULL,
	"author_id" text,
	"del_flg" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	CONSTRAINT "fmea_comment_body" CHECK (length(trim("fmea_comment"."body")) between 1 and 200)
);

--> statement-breakpoint
CREATE TABLE "fmea_comment_read" (
	"user_id" text NOT NULL,
	"project_id" text NOT NULL,
	"read_at" bigint NOT NULL,
	CONSTRAINT "fmea_comment_read_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);

--> statement-breakpoint
CREATE TABLE "fmea_control" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"cause_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"catalog_record_id" text,
	"sort" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_failure" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"function_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"severity" bigint,
	"occurrence" bigint,
	"detection" bigint,
	"frequency_ratio" double precision,
	"origin_id" text,
	"catalog_record_id" text,
	"sort" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	CONSTRAINT "fmea_failure_severity" CHECK (("fmea_failure"."severity" is null or "fmea_failure"."severity" between 1 and 10) and ("fmea_failure"."severity" is null or "fmea_failure"."kind" = 'FE')),
	CONSTRAINT "fmea_failure_occurrence" CHECK (("fmea_failure"."occurrence" is null or "fmea_failure"."occurrence" between 1 and 10) and ("fmea_failure"."occurrence" is null or "fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_detection" CHECK (("fmea_failure"."detection" is null or "fmea_failure"."detection" between 1 and 10) and ("fmea_failure"."detection" is null or "fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_ratio" CHECK ("fmea_failure"."frequency_ratio" is null or ("fmea_failure"."kind" = 'FM' and "fmea_failure"."frequency_ratio" between 0 and 1))
);

--> statement-breakpoint
CREATE TABLE "fmea_failure_link" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"higher_failure_id" text NOT NULL,
	"lower_failure_id" text NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_function" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"node_id" text NOT NULL,
	"description" text NOT NULL,
	"requirement" text,
	"function_scope" text,
	"origin_id" text,
	"catalog_record_id" text,
	"sort" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_function_link" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"higher_function_id" text NOT NULL,
	"lower_function_id" text NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_interface" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"first_node_id" text NOT NULL,
	"second_node_id" text NOT NULL,
	"interface_type" bigint NOT NULL,
	"description" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	CONSTRAINT "fmea_interface_type_range" CHECK ("fmea_interface"."interface_type" between 1 and 5),
	CONSTRAINT "fmea_interface_two_nodes" CHECK ("fmea_interface"."first_node_id" <> "fmea_interface"."second_node_id")
);

--> statement-breakpoint
CREATE TABLE "fmea_member" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"roles" json NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	CONSTRAINT "fmea_member_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);

--> statement-breakpoint
CREATE TABLE "fmea_node" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"parent_id" text,
	"node_type" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" bigint NOT NULL,
	"image_name" text,
	"process_no" text,
	"work_element_type" text,
	"flow_symbol" text,
	"flow_inputs" text,
	"flow_outputs" text,
	"task_status" text,
	"origin_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_project" (
	"id" text PRIMARY KEY NOT NULL,
	"serial_num" text NOT NULL,
	"project_type" text NOT NULL,
	"name" text NOT NULL,
	"responsible_user_id" text,
	"stage" text,
	"sop_date" text,
	"version_label" text,
	"start_date" text,
	"customer" text,
	"platform" text,
	"car_type_years" text,
	"confidentiality" text,
	"related_project_id" text,
	"team_notes" text,
	"company_name" text,
	"engineering_location" text,
	"subject" text,
	"fmea_id_number" text,
	"revision_date" text,
	"design_responsibility" text,
	"prepared_by" text,
	"plan_intent" text,
	"plan_timing" text,
	"plan_team" text,
	"plan_task" text,
	"plan_tool" text,
	"analysis_boundaries" text,
	"ap_table" text NOT NULL,
	"ap_summary" json,
	"ap_computed_at" bigint,
	"review_status" text DEFAULT 'draft' NOT NULL,
	"is_template" bigint DEFAULT 0 NOT NULL,
	"template_scope" text DEFAULT 'private' NOT NULL,
	"template_site_id" text,
	"source_kind" text,
	"source_project_id" text,
	"source_node_id" text,
	"del_flg" bigint DEFAULT 0 NOT NULL,
	"creator_id" text,
	"deleted_at" bigint,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_project_attachment" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"file_id" text NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_project_share" (
	"project_id" text PRIMARY KEY NOT NULL,
	"scope" text DEFAULT 'none' NOT NULL,
	"expires_at" bigint,
	"updated_by" text,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_project_share_user" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "fmea_project_share_user_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);

--> statement-breakpoint
CREATE TABLE "fmea_project_visit" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"visited_at" bigint NOT NULL,
	CONSTRAINT "fmea_project_visit_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);

--> statement-breakpoint
CREATE TABLE "fmea_review_assignee" (
	"round_id" text NOT NULL,
	"role" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "fmea_review_assignee_round_id_role_pk" PRIMARY KEY("round_id","role")
);

--> statement-breakpoint
CREATE TABLE "fmea_review_round" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"round" bigint NOT NULL,
	"release_condition" text NOT NULL,
	"submitted_by" text,
	"submitted_at" bigint NOT NULL,
	"approved_by" text,
	"approved_at" bigint,
	"released_at" bigint,
	"rejected_at" bigint
);

--> statement-breakpoint
CREATE TABLE "fmea_review_step" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"round_id" text,
	"event" text NOT NULL,
	"user_id" text,
	"role" text,
	"conclusion" text,
	"opinion" text,
	"status" text NOT NULL,
	"acknowledged_warnings" bigint,
	"at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "fmea_review_walk" (
	"round_id" text NOT NULL,
	"user_id" text NOT NULL,
	"step" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "fmea_review_walk_round_id_user_id_step_pk" PRIMARY KEY("round_id","user_id","step")
);

--> statement-breakpoint
CREATE TABLE "menu" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_route_name" text,
	"route_name" text NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"hidden" integer DEFAULT 0 NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL,
	"buttons" json DEFAULT '[]'::json NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "message" (
	"id" text PRIMARY KEY NOT NULL,
	"recipient_id" text NOT NULL,
	"sender_id" text,
	"kind" text DEFAULT 'business' NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	"params" json NOT NULL,
	"content" text,
	"project_id" text,
	"serial_num" text,
	"right_type" text,
	"left_type" text,
	"route" text,
	"target_id" text,
	"application_id" text,
	"read_flag" bigint DEFAULT 0 NOT NULL,
	"read_at" bigint,
	"processed" bigint DEFAULT 0 NOT NULL,
	"processed_at" bigint,
	"del_flg" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "notice" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"publish_time" bigint,
	"created_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "notice_read" (
	"notice_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_at" bigint NOT NULL,
	CONSTRAINT "notice_read_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);

--> statement-breakpoint
CREATE TABLE "numbering_counter" (
	"module" text NOT NULL,
	"scope" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "numbering_counter_module_scope_pk" PRIMARY KEY("module","scope")
);

--> statement-breakpoint
CREATE TABLE "numbering_rule" (
	"module" text PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"elements" json NOT NULL,
	"allow_manual" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"user_id" text,
	"user_name" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" json,
	"after" json,
	"reason" text,
	"ip" text
);

--> statement-breakpoint
CREATE TABLE "password_change_ticket" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "password_history" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "process_flow_branch" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"from_node_id" text NOT NULL,
	"to_node_id" text,
	"kind" text NOT NULL,
	"label" text,
	"sort" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "read_application" (
	"id" text PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"project_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approver_ids" json NOT NULL,
	"remark" text,
	"decided_by" text,
	"decided_at" bigint,
	"decision_remark" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "role" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"role_type" text DEFAULT '2' NOT NULL,
	"product_types" json DEFAULT '[]'::json NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_id" text NOT NULL,
	"route_name" text NOT NULL,
	"buttons" json DEFAULT '[]'::json NOT NULL,
	CONSTRAINT "role_permission_role_id_route_name_pk" PRIMARY KEY("role_id","route_name")
);

--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"site_id" text,
	"expires_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" json NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"address" text PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"window_start" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "site" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"admin_user_id" text,
	"leader_user_id" text,
	"licence_count" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"real_name_en" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" bigint,
	"must_change_password" integer DEFAULT 0 NOT NULL,
	"job_number" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '0' NOT NULL,
	"avatar" text,
	"signature" text,
	"site_id" text,
	"department_id" text,
	"superior_id" text,
	"validity_date" bigint,
	"locked" integer DEFAULT 0 NOT NULL,
	"locked_at" bigint,
	"lock_reason" text,
	"failed_logins" bigint DEFAULT 0 NOT NULL,
	"last_login_at" bigint,
	"login_count" bigint DEFAULT 0 NOT NULL,
	"contribution_score" bigint DEFAULT 0 NOT NULL,
	"activity_score" bigint DEFAULT 0 NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"del_flg" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "user_role" (
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);

--> statement-breakpoint
CREATE TABLE "user_site" (
	"user_id" text NOT NULL,
	"site_id" text NOT NULL,
	CONSTRAINT "user_site_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);

--> statement-breakpoint
ALTER TABLE "ap_rule" ADD CONSTRAINT "ap_rule_table_name_ap_rule_set_table_name_fk" FOREIGN KEY ("table_name") REFERENCES "public"."ap_rule_set"("table_name") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bom_part" ADD CONSTRAINT "bom_part_bom_id_bom_id_fk" FOREIGN KEY ("bom_id") REFERENCES "public"."bom"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bom_part" ADD CONSTRAINT "bom_part_parent_id_bom_part_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."bom_part"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "collection" ADD CONSTRAINT "collection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_plan" ADD CONSTRAINT "control_plan_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_plan_line" ADD CONSTRAINT "control_plan_line_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_plan_line" ADD CONSTRAINT "control_plan_line_plan_id_control_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."control_plan"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_plan_line" ADD CONSTRAINT "control_plan_line_step_node_id_fmea_node_id_fk" FOREIGN KEY ("step_node_id") REFERENCES "public"."fmea_node"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_plan_line" ADD CONSTRAINT "control_plan_line_characteristic_id_fmea_characteristic_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."fmea_characteristic"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_plan_line_control" ADD CONSTRAINT "control_plan_line_control_line_id_control_plan_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."control_plan_line"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_plan_line_control" ADD CONSTRAINT "control_plan_line_control_control_id_fmea_control_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."fmea_control"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_plan_line_control" ADD CONSTRAINT "control_plan_line_control_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_action" ADD CONSTRAINT "fmea_action_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_action" ADD CONSTRAINT "fmea_action_cause_id_fmea_failure_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."fmea_failure"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_action" ADD CONSTRAINT "fmea_action_responsible_user_id_user_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_baseline" ADD CONSTRAINT "fmea_baseline_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_characteristic" ADD CONSTRAINT "fmea_characteristic_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_characteristic" ADD CONSTRAINT "fmea_characteristic_function_id_fmea_function_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."fmea_function"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_comment" ADD CONSTRAINT "fmea_comment_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_comment" ADD CONSTRAINT "fmea_comment_reply_to_fmea_comment_id_fk" FOREIGN KEY ("reply_to") REFERENCES "public"."fmea_comment"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_comment" ADD CONSTRAINT "fmea_comment_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_comment_read" ADD CONSTRAINT "fmea_comment_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_comment_read" ADD CONSTRAINT "fmea_comment_read_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_control" ADD CONSTRAINT "fmea_control_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_control" ADD CONSTRAINT "fmea_control_cause_id_fmea_failure_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."fmea_failure"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_failure" ADD CONSTRAINT "fmea_failure_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_failure" ADD CONSTRAINT "fmea_failure_function_id_fmea_function_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."fmea_function"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_failure_link" ADD CONSTRAINT "fmea_failure_link_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_failure_link" ADD CONSTRAINT "fmea_failure_link_higher_failure_id_fmea_failure_id_fk" FOREIGN KEY ("higher_failure_id") REFERENCES "public"."fmea_failure"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_failure_link" ADD CONSTRAINT "fmea_failure_link_lower_failure_id_fmea_failure_id_fk" FOREIGN KEY ("lower_failure_id") REFERENCES "public"."fmea_failure"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_function" ADD CONSTRAINT "fmea_function_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_function" ADD CONSTRAINT "fmea_function_node_id_fmea_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."fmea_node"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_function_link" ADD CONSTRAINT "fmea_function_link_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_function_link" ADD CONSTRAINT "fmea_function_link_higher_function_id_fmea_function_id_fk" FOREIGN KEY ("higher_function_id") REFERENCES "public"."fmea_function"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_function_link" ADD CONSTRAINT "fmea_function_link_lower_function_id_fmea_function_id_fk" FOREIGN KEY ("lower_function_id") REFERENCES "public"."fmea_function"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_interface" ADD CONSTRAINT "fmea_interface_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_interface" ADD CONSTRAINT "fmea_interface_first_node_id_fmea_node_id_fk" FOREIGN KEY ("first_node_id") REFERENCES "public"."fmea_node"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_interface" ADD CONSTRAINT "fmea_interface_second_node_id_fmea_node_id_fk" FOREIGN KEY ("second_node_id") REFERENCES "public"."fmea_node"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_member" ADD CONSTRAINT "fmea_member_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_member" ADD CONSTRAINT "fmea_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_node" ADD CONSTRAINT "fmea_node_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_node" ADD CONSTRAINT "fmea_node_parent_id_fmea_node_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."fmea_node"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project" ADD CONSTRAINT "fmea_project_responsible_user_id_user_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project" ADD CONSTRAINT "fmea_project_related_project_id_fmea_project_id_fk" FOREIGN KEY ("related_project_id") REFERENCES "public"."fmea_project"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project" ADD CONSTRAINT "fmea_project_template_site_id_site_id_fk" FOREIGN KEY ("template_site_id") REFERENCES "public"."site"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project" ADD CONSTRAINT "fmea_project_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_attachment" ADD CONSTRAINT "fmea_project_attachment_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_attachment" ADD CONSTRAINT "fmea_project_attachment_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_attachment" ADD CONSTRAINT "fmea_project_attachment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_share" ADD CONSTRAINT "fmea_project_share_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_share" ADD CONSTRAINT "fmea_project_share_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_share_user" ADD CONSTRAINT "fmea_project_share_user_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_share_user" ADD CONSTRAINT "fmea_project_share_user_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_visit" ADD CONSTRAINT "fmea_project_visit_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_project_visit" ADD CONSTRAINT "fmea_project_visit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_review_assignee" ADD CONSTRAINT "fmea_review_assignee_round_id_fmea_review_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."fmea_review_round"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_review_round" ADD CONSTRAINT "fmea_review_round_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_review_step" ADD CONSTRAINT "fmea_review_step_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_review_step" ADD CONSTRAINT "fmea_review_step_round_id_fmea_review_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."fmea_review_round"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fmea_review_walk" ADD CONSTRAINT "fmea_review_walk_round_id_fmea_review_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."fmea_review_round"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_application_id_read_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."read_application"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "password_change_ticket" ADD CONSTRAINT "password_change_ticket_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "process_flow_branch" ADD CONSTRAINT "process_flow_branch_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "process_flow_branch" ADD CONSTRAINT "process_flow_branch_from_node_id_fmea_node_id_fk" FOREIGN KEY ("from_node_id") REFERENCES "public"."fmea_node"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "process_flow_branch" ADD CONSTRAINT "process_flow_branch_to_node_id_fmea_node_id_fk" FOREIGN KEY ("to_node_id") REFERENCES "public"."fmea_node"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "read_application" ADD CONSTRAINT "read_application_applicant_id_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "read_application" ADD CONSTRAINT "read_application_project_id_fmea_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."fmea_project"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "read_application" ADD CONSTRAINT "read_application_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_site" ADD CONSTRAINT "user_site_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_site" ADD CONSTRAINT "user_site_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "bom_num_unique" ON "bom" USING btree ("bom_num");
--> statement-breakpoint
CREATE UNIQUE INDEX "bom_product_live_unique" ON "bom" USING btree ("product_id") WHERE del_flg = 0;
--> statement-breakpoint
CREATE INDEX "bom_part_bom_idx" ON "bom_part" USING btree ("bom_id","level","sort");
--> statement-breakpoint
CREATE INDEX "bom_part_parent_idx" ON "bom_part" USING btree ("parent_id","sort");
--> statement-breakpoint
CREATE UNIQUE INDEX "bom_part_sibling_unique" ON "bom_part" USING btree ("parent_id","part_num");
--> statement-breakpoint
CREATE UNIQUE INDEX "bom_part_top_unique" ON "bom_part" USING btree ("bom_id","part_num") WHERE parent_id is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "business_rule_type_unique" ON "business_rule" USING btree ("rule_type");
--> statement-breakpoint
CREATE INDEX "catalog_log_type_at_idx" ON "catalog_log" USING btree ("type","at");
--> statement-breakpoint
CREATE INDEX "catalog_log_root_idx" ON "catalog_log" USING btree ("root_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_record_serial_unique" ON "catalog_record" USING btree ("type","serial_num","version_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_record_root_version_unique" ON "catalog_record" USING btree ("root_id","version_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_record_root_latest_unique" ON "catalog_record" USING btree ("root_id") WHERE is_latest_version = 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_record_root_open_unique" ON "catalog_record" USING btree ("root_id") WHERE status <> '2' and del_flg = 0;
--> statement-breakpoint
CREATE INDEX "catalog_record_type_idx" ON "catalog_record" USING btree ("type","del_flg","status");
--> statement-breakpoint
CREATE INDEX "catalog_record_type_updated_idx" ON "catalog_record" USING btree ("type","del_flg","updated_at","serial_num","version_no","is_latest_version","status","product_type","text","en_text");
--> statement-breakpoint
CREATE INDEX "catalog_record_unique_text_idx" ON "catalog_record" USING btree ("type",lower(trim("text")));
--> statement-breakpoint
CREATE INDEX "catalog_record_type_product_idx" ON "catalog_record" USING btree ("type","product_type");
--> statement-breakpoint
CREATE INDEX "catalog_record_creator_idx" ON "catalog_record" USING btree ("creator_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "collection_unique" ON "collection" USING btree ("user_id","collect_type","target_id");
--> statement-breakpoint
CREATE INDEX "collection_target_idx" ON "collection" USING btree ("collect_type","target_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "control_plan_project_phase_unique" ON "control_plan" USING btree ("project_id","phase");
--> statement-breakpoint
CREATE INDEX "control_plan_line_plan_idx" ON "control_plan_line" USING btree ("plan_id","sort");
--> statement-breakpoint
CREATE INDEX "control_plan_line_project_idx" ON "control_plan_line" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "control_plan_line_char_idx" ON "control_plan_line" USING btree ("characteristic_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "control_plan_line_control_unique" ON "control_plan_line_control" USING btree ("line_id","control_id");
--> statement-breakpoint
CREATE INDEX "control_plan_line_control_control_idx" ON "control_plan_line_control" USING btree ("control_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "department_site_name_unique" ON "department" USING btree ("site_id","name");
--> statement-breakpoint
CREATE UNIQUE INDEX "department_site_number_unique" ON "department" USING btree ("site_id","number");
--> statement-breakpoint
CREATE INDEX "department_site_idx" ON "department" USING btree ("site_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_parent_code_unique" ON "dictionary" USING btree ("parent_id","code");
--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_parent_name_unique" ON "dictionary" USING btree ("parent_id","name");
--> statement-breakpoint
CREATE INDEX "dictionary_parent_idx" ON "dictionary" USING btree ("parent_id");
--> statement-breakpoint
CREATE INDEX "file_kind_idx" ON "file" USING btree ("kind");
--> statement-breakpoint
CREATE INDEX "file_uploaded_by_idx" ON "file" USING btree ("uploaded_by");
--> statement-breakpoint
CREATE INDEX "fmea_action_cause_idx" ON "fmea_action" USING btree ("cause_id","sort");
--> statement-breakpoint
CREATE INDEX "fmea_action_project_status_idx" ON "fmea_action" USING btree ("project_id","status");
--> statement-breakpoint
CREATE INDEX "fmea_action_responsible_idx" ON "fmea_action" USING btree ("responsible_user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fmea_baseline_seq_unique" ON "fmea_baseline" USING btree ("project_id","seq");
--> statement-breakpoint
CREATE INDEX "fmea_baseline_hash_idx" ON "fmea_baseline" USING btree ("content_hash");
--> statement-breakpoint
CREATE INDEX "fmea_characteristic_function_idx" ON "fmea_characteristic" USING btree ("function_id","special");
--> statement-breakpoint
CREATE INDEX "fmea_characteristic_project_idx" ON "fmea_characteristic" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "fmea_comment_target_idx" ON "fmea_comment" USING btree ("project_id","target_kind","target_id");
--> statement-breakpoint
CREATE INDEX "fmea_comment_project_idx" ON "fmea_comment" USING btree ("project_id","created_at");
--> statement-breakpoint
CREATE INDEX "fmea_control_cause_idx" ON "fmea_control" USING btree ("cause_id","kind","sort");
--> statement-breakpoint
CREATE INDEX "fmea_control_project_idx" ON "fmea_control" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "fmea_failure_project_kind_idx" ON "fmea_failure" USING btree ("project_id","kind");
--> statement-breakpoint
CREATE INDEX "fmea_failure_function_idx" ON "fmea_failure" USING btree ("function_id","sort");
--> statement-breakpoint
CREATE UNIQUE INDEX "fmea_failure_link_unique" ON "fmea_failure_link" USING btree ("higher_failure_id","lower_failure_id");
--> statement-breakpoint
CREATE INDEX "fmea_failure_link_lower_idx" ON "fmea_failure_link" USING btree ("lower_failure_id");
--> statement-breakpoint
CREATE INDEX "fmea_failure_link_project_idx" ON "fmea_failure_link" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "fmea_function_node_idx" ON "fmea_function" USING btree ("node_id","sort");
--> statement-breakpoint
CREATE INDEX "fmea_function_project_idx" ON "fmea_function" USING btree ("project_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fmea_function_link_unique" ON "fmea_function_link" USING btree ("higher_function_id","lower_function_id");
--> statement-breakpoint
CREATE INDEX "fmea_function_link_lower_idx" ON "fmea_function_link" USING btree ("lower_function_id");
--> statement-breakpoint
CREATE INDEX "fmea_function_link_project_idx" ON "fmea_function_link" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "fmea_interface_first_idx" ON "fmea_interface" USING btree ("first_node_id");
--> statement-breakpoint
CREATE INDEX "fmea_interface_second_idx" ON "fmea_interface" USING btree ("second_node_id");
--> statement-breakpoint
CREATE INDEX "fmea_interface_project_idx" ON "fmea_interface" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "fmea_member_user_idx" ON "fmea_member" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "fmea_node_project_idx" ON "fmea_node" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "fmea_node_parent_idx" ON "fmea_node" USING btree ("parent_id","sort");
--> statement-breakpoint
CREATE INDEX "fmea_node_origin_idx" ON "fmea_node" USING btree ("origin_id");
--> statement-breakpoint
CREATE INDEX "fmea_node_image_idx" ON "fmea_node" USING btree ("image_name") WHERE "fmea_node"."image_name" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "fmea_project_serial_unique" ON "fmea_project" USING btree ("serial_num");
--> statement-breakpoint
CREATE INDEX "fmea_project_list_idx" ON "fmea_project" USING btree ("del_flg","project_type","updated_at");
--> statement-breakpoint
CREATE INDEX "fmea_project_creator_idx" ON "fmea_project" USING btree ("creator_id");
--> statement-breakpoint
CREATE INDEX "fmea_project_responsible_idx" ON "fmea_project" USING btree ("responsible_user_id");
--> statement-breakpoint
CREATE INDEX "fmea_project_source_idx" ON "fmea_project" USING btree ("source_project_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fmea_project_attachment_unique" ON "fmea_project_attachment" USING btree ("project_id","file_id");
--> statement-breakpoint
CREATE INDEX "fmea_project_attachment_file_idx" ON "fmea_project_attachment" USING btree ("file_id");
--> statement-breakpoint
CREATE INDEX "fmea_project_share_user_user_idx" ON "fmea_project_share_user" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "fmea_project_visit_user_idx" ON "fmea_project_visit" USING btree ("user_id","visited_at");
--> statement-breakpoint
CREATE INDEX "fmea_review_assignee_user_idx" ON "fmea_review_assignee" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fmea_review_round_unique" ON "fmea_review_round" USING btree ("project_id","round");
--> statement-breakpoint
CREATE INDEX "fmea_review_step_project_idx" ON "fmea_review_step" USING btree ("project_id","at");
--> statement-breakpoint
CREATE INDEX "fmea_review_step_round_idx" ON "fmea_review_step" USING btree ("round_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "menu_route_name_unique" ON "menu" USING btree ("route_name");
--> statement-breakpoint
CREATE INDEX "message_inbox_idx" ON "message" USING btree ("recipient_id","del_flg","kind","read_flag");
--> statement-breakpoint
CREATE INDEX "message_application_idx" ON "message" USING btree ("application_id");
--> statement-breakpoint
CREATE INDEX "message_target_idx" ON "message" USING btree ("target_id","code","processed");
--> statement-breakpoint
CREATE INDEX "notice_status_idx" ON "notice" USING btree ("status");
--> statement-breakpoint
CREATE INDEX "operation_log_at_idx" ON "operation_log" USING btree ("at");
--> statement-breakpoint
CREATE INDEX "operation_log_entity_idx" ON "operation_log" USING btree ("entity","entity_id");
--> statement-breakpoint
CREATE INDEX "password_change_ticket_user_idx" ON "password_change_ticket" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "process_flow_branch_project_idx" ON "process_flow_branch" USING btree ("project_id","sort");
--> statement-breakpoint
CREATE INDEX "read_application_applicant_idx" ON "read_application" USING btree ("applicant_id");
--> statement-breakpoint
CREATE INDEX "read_application_project_idx" ON "read_application" USING btree ("project_id","status");
--> statement-breakpoint
CREATE UNIQUE INDEX "role_name_unique" ON "role" USING btree ("name");
--> statement-breakpoint
CREATE INDEX "role_permission_route_idx" ON "role_permission" USING btree ("route_name");
--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "session_site_idx" ON "session" USING btree ("site_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "site_name_unique" ON "site" USING btree ("name");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_name_unique" ON "user" USING btree ("user_name");
--> statement-breakpoint
CREATE INDEX "user_site_idx" ON "user" USING btree ("site_id");
--> statement-breakpoint
CREATE INDEX "user_role_role_idx" ON "user_role" USING btree ("role_id");
--> statement-breakpoint
CREATE INDEX "user_site_site_idx" ON "user_site" USING btree ("site_id");
