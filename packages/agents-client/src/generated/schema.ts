// generated from specs/agents, do not edit: change the spec and run `pnpm generate`.

export interface paths {
    "/api/v1/campaign/{campaign_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the campaign. The provider's documentation leaves its bounds open.
                 * @example 381
                 */
                campaign_id: components["parameters"]["campaignId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a campaign
         * @description Pauses a running campaign: its state becomes `paused` and dispatch of new calls stops. Calls already
         *     in progress are not interrupted and run to completion. No request body.
         *
         *     Credential: a user access token only (API keys are rejected). The caller needs role `super_user`
         *     and Editor or higher workspace access.
         *
         *     The provider's documentation shows only the move from a running campaign to `paused` ("other campaign state values
         *     and moves: not shown"), so it leaves open the answer for a campaign that is not running: any 4xx
         *     (`4XX`, open body) is accepted for it, and no status is the contract's.
         */
        post: operations["pauseCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the campaign. The provider's documentation leaves its bounds open.
                 * @example 381
                 */
                campaign_id: components["parameters"]["campaignId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused campaign
         * @description Resumes a campaign in `paused` status: dispatching continues from where it paused. No request body.
         *     Valid only for a campaign in paused status.
         *
         *     The provider's documentation leaves open the value of `state` after resume (the example shows a plausible `running`)
         *     and the answer for a campaign in any other status: any 4xx (`4XX`, open body) is accepted for it,
         *     and no status is the contract's. It also declares no 404 for this operation.
         *
         *     Credential: a user access token only (API keys are rejected). The caller needs role `super_user`
         *     and Editor or higher workspace access.
         */
        post: operations["resumeCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the campaign. The provider's documentation leaves its bounds open.
                 * @example 381
                 */
                campaign_id: components["parameters"]["campaignId"];
            };
            cookie?: never;
        };
        /**
         * Get campaign progress
         * @description Returns the progress counters of a campaign. See `CampaignProgress` for the payload fields and how
         *     they relate to the counters the endpoint description names (total, processed, completed, failed,
         *     pending, completion_percentage).
         *
         *     Credential: a user access token only (API keys are rejected). The caller needs role `super_user`;
         *     the provider's documentation states no workspace role for this operation. The provider's documentation declares no 404 for this
         *     operation.
         */
        get: operations["getCampaignProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/fetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @description Lists the agents (workflows) of the workspace in summary form. With `status` omitted the list has
         *     all agents, active and archived. The provider's documentation leaves the order of the list open and shows no paging.
         *
         *     Credential: a user access token, or an API key with the organization header. The provider's documentation states no
         *     role for this operation.
         */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/fetch/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the agent (workflow). The provider's documentation says only that it identifies the agent and gives it no type, so any path segment is accepted (the provider's documentation leaves its format open); the example is a plausible integer like `Agent.id`.
                 * @example 17
                 */
                workflow_id: components["parameters"]["workflowId"];
            };
            cookie?: never;
        };
        /**
         * Get an agent
         * @description Returns one agent (workflow) in full, with its workflow definition.
         *
         *     Credential: a user access token, or an API key with the organization header. The provider's documentation states no
         *     role for this operation and declares no 404 for it.
         */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/usage/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List runs with usage
         * @description Lists the runs (conversations) of the workspace, one page at a time, with duration, usage and cost
         *     and totals.
         *
         *     - `start_date` and `end_date` are inclusive bounds on the run's `created_at`, in UTC. Date
         *       filtering is done only with them, never with a filter object.
         *     - `page` is at least 1; `limit` is from 1 to 100. The provider's documentation leaves their defaults open, and whether
         *       `start_date` and `end_date` are required.
         *     - `filters` is a JSON array of `{attribute, type, value}` objects (see `RunFilter`). Unknown
         *       attributes and unsupported type values are silently ignored.
         *
         *     Credential: a user access token, or an API key with the organization header. The provider's documentation states no
         *     role for this operation.
         */
        get: operations["listRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * RetryConfig
         * @description How a campaign retries calls that did not succeed. All fields are required.
         * @example {
         *       "enabled": true,
         *       "max_retries": 2,
         *       "retry_delay_seconds": 3600,
         *       "retry_on_busy": true,
         *       "retry_on_no_answer": true,
         *       "retry_on_voicemail": false
         *     }
         */
        RetryConfig: {
            /** @description Whether retries are enabled. */
            enabled: boolean;
            /** @description Maximum number of retries per contact. The provider's documentation leaves its bounds open. */
            max_retries: number;
            /** @description Delay before a retry, in seconds. The provider's documentation leaves its bounds open. */
            retry_delay_seconds: number;
            /** @description Retry when the line is busy. */
            retry_on_busy: boolean;
            /** @description Retry when nobody answers. */
            retry_on_no_answer: boolean;
            /** @description Retry when a voicemail answers. */
            retry_on_voicemail: boolean;
        };
        /**
         * TimeSlot
         * @description One weekly time slot of a schedule. All fields are required. The provider's documentation leaves the meaning of the `day_of_week` numbers and the format of `start_time` and `end_time` open.
         * @example {
         *       "day_of_week": 1,
         *       "start_time": "09:00",
         *       "end_time": "17:00"
         *     }
         */
        TimeSlot: {
            /** @description Day of the week. The provider's documentation leaves the numbering (which day is 0 or 1, the range) open. */
            day_of_week: number;
            /** @description Start of the slot. The provider's documentation leaves its format open (`09:00` is plausible). */
            start_time: string;
            /** @description End of the slot. The provider's documentation leaves its format open (`17:00` is plausible). */
            end_time: string;
        };
        /**
         * ScheduleConfig
         * @description The time slots in which a campaign may place calls. All fields are required. The provider's documentation leaves the format of `timezone` open (an IANA name such as `America/New_York` is plausible).
         * @example {
         *       "enabled": true,
         *       "timezone": "America/New_York",
         *       "slots": [
         *         {
         *           "day_of_week": 1,
         *           "start_time": "09:00",
         *           "end_time": "17:00"
         *         }
         *       ]
         *     }
         */
        ScheduleConfig: {
            /** @description Whether the schedule applies. */
            enabled: boolean;
            /** @description Time zone of the slots. The provider's documentation leaves its format open. */
            timezone: string;
            /** @description Time slots in which calls may be placed. */
            slots: components["schemas"]["TimeSlot"][];
        };
        /**
         * CircuitBreaker
         * @description Stops a campaign's dispatch when too many calls fail within a time window. No field is required; an omitted field takes its default. The provider's documentation leaves the exact tripping rule and the bounds open.
         * @example {
         *       "enabled": true,
         *       "failure_threshold": 0.5,
         *       "window_seconds": 120,
         *       "min_calls_in_window": 5
         *     }
         */
        CircuitBreaker: {
            /**
             * @description Whether the circuit breaker is active.
             * @default false
             */
            enabled: boolean;
            /**
             * @description Failure level at which the breaker trips. The default 0.5 suggests a ratio of failed calls; the provider's documentation leaves its range open.
             * @default 0.5
             */
            failure_threshold: number;
            /**
             * @description Length of the observation window, in seconds.
             * @default 120
             */
            window_seconds: number;
            /**
             * @description Minimum number of calls in the window before the breaker can trip.
             * @default 5
             */
            min_calls_in_window: number;
        };
        /**
         * CampaignLogEntry
         * @description One log entry of a campaign. The provider's documentation leaves the values of `level` and `event` open, and the format of `ts` (a plain string in the provider's documentation, not declared date-time) open.
         * @example {
         *       "ts": "2025-03-14T09:30:00Z",
         *       "level": "info",
         *       "event": "campaign_paused",
         *       "message": "Campaign paused by user.",
         *       "details": {
         *         "in_progress_calls": 3
         *       }
         *     }
         */
        CampaignLogEntry: {
            /** @description Time of the entry. The provider's documentation types it as a string and leaves its format open. */
            ts: string;
            /** @description Log level. The provider's documentation leaves the values open. */
            level: string;
            /** @description Event name. The provider's documentation leaves the values open. */
            event: string;
            /** @description Human-readable message. */
            message: string;
            /** @description Free-form details, or null. The provider's documentation leaves the structure open. */
            details?: {
                [key: string]: unknown;
            } | null;
        };
        /**
         * Campaign
         * @description An outbound call campaign: one agent (workflow) applied to the rows of a contact source. Returned by pause and resume. The provider's documentation leaves the allowed values of `state` and `source_type`, and the format of `source_id`, open.
         */
        Campaign: {
            /** @description Campaign id. */
            id: number;
            /** @description Campaign name. */
            name: string;
            /** @description Id of the agent (workflow) the campaign runs. */
            workflow_id: number;
            /** @description Name of the agent (workflow) the campaign runs. */
            workflow_name: string;
            /** @description Campaign state. Documented values and moves: a running campaign becomes `paused` on pause; after resume dispatching continues, but the state value after resume is not shown. The provider's documentation leaves the set of values open (creation, start, completion and failure states are not shown). */
            state: string;
            /** @description Kind of contact source the rows come from. The provider's documentation leaves the allowed values open. */
            source_type: string;
            /** @description Identifier of the contact source. The provider's documentation leaves its format open. */
            source_id: string;
            /** @description Number of rows in the contact source, or null. */
            total_rows: number | null;
            /** @description Number of rows processed so far. */
            processed_rows: number;
            /** @description Number of rows that failed. */
            failed_rows: number;
            /**
             * Format: date-time
             * @description When the campaign was created.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the campaign started, or null.
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @description When the campaign completed, or null.
             */
            completed_at: string | null;
            retry_config: components["schemas"]["RetryConfig"];
            /** @description Maximum number of concurrent calls, or null. The provider's documentation leaves its bounds open. */
            max_concurrency?: number | null;
            /** @description When calls may be placed, or null. */
            schedule_config?: components["schemas"]["ScheduleConfig"] | null;
            /** @description Failure circuit breaker of the campaign, or null. */
            circuit_breaker?: components["schemas"]["CircuitBreaker"] | null;
            /**
             * @description Number of executed calls.
             * @default 0
             */
            executed_count: number;
            /**
             * @description Number of calls queued in all.
             * @default 0
             */
            total_queued_count: number;
            /** @description Id of the campaign this one derives from, or null. */
            parent_campaign_id?: number | null;
            /** @description Id of the campaign that redials this one, or null. */
            redialed_campaign_id?: number | null;
            /** @description Id of the telephony configuration used for the calls, or null. */
            telephony_configuration_id?: number | null;
            /** @description Name of the telephony configuration used for the calls, or null. */
            telephony_configuration_name?: string | null;
            /** @description Log entries of the campaign. */
            logs?: components["schemas"]["CampaignLogEntry"][];
        };
        /**
         * PausedCampaign
         * @description The campaign as pause returns it. The provider's only move of pause takes a running campaign to `paused` (E1, States and transitions), so `state` is `paused` here; a 200 from pause whose campaign says `running` is a violation. The state after resume is not shown, so resume returns the plain `Campaign` with `state` open.
         */
        PausedCampaign: components["schemas"]["Campaign"] & {
            /**
             * @description The state pause moves a running campaign to.
             * @constant
             */
            state?: "paused";
        };
        /**
         * UnspecifiedErrorBody
         * @description An error body whose shape the provider's documentation leaves open (used for 401, 403, 404 and the open 4XX of pause and resume). Any JSON value is valid; examples show a plausible `{"detail": "..."}` object.
         */
        UnspecifiedErrorBody: unknown;
        /**
         * ValidationErrorItem
         * @description One validation failure.
         * @example {
         *       "loc": [
         *         "query",
         *         "limit"
         *       ],
         *       "msg": "Input should be less than or equal to 100",
         *       "type": "less_than_equal",
         *       "input": "500",
         *       "ctx": {
         *         "le": 100
         *       }
         *     }
         */
        ValidationErrorItem: {
            /** @description Where the failure is: a path of names and array indexes, for example `["query", "limit"]`. */
            loc: (string | number)[];
            /** @description Human-readable message. */
            msg: string;
            /** @description Error type. The provider's documentation leaves the values open. */
            type: string;
            /** @description The input that failed validation, of any JSON type. */
            input?: unknown;
            /** @description Context of the failure. The provider's documentation leaves the structure open. */
            ctx?: {
                [key: string]: unknown;
            };
        };
        /**
         * HTTPValidationError
         * @description Body of a 422 answer: the request failed validation. The provider's documentation describes the body as an "object with detail, an array of items", so `detail` is required (an object without it is not this body).
         */
        HTTPValidationError: {
            /** @description One item per validation failure. */
            detail: components["schemas"]["ValidationErrorItem"][];
        };
        /**
         * CampaignProgress
         * @description Progress of a campaign, returned by get campaign progress. The fields carry the names the provider's documentation gives
         *     the payload. The provider's documentation leaves which fields are always present open, so none is required; it also
         *     leaves the inner structure of `source_sync` and the meaning of `rate_limit` open.
         *
         *     The endpoint description in the provider's documentation lists counters under other names:
         *
         *     | description name | meaning | payload field |
         *     |---|---|---|
         *     | `total` | contacts in the campaign | `total_rows` |
         *     | `processed` | contacts attempted at least once | `processed_rows` |
         *     | `completed` | contacts with a successful call outcome | none |
         *     | `failed` | contacts that used all retries without success | none clear: `failed_calls` is named for calls, not contacts |
         *     | `pending` | contacts not yet attempted | none |
         *     | `completion_percentage` | `processed` divided by `total`, times 100 | `progress_percentage` |
         *
         *     The provider's documentation does not confirm this mapping; the payload field column is the reading where names and
         *     meanings line up.
         */
        CampaignProgress: {
            /** @description Campaign id. */
            campaign_id?: number;
            /** @description Campaign state, as in `Campaign.state`. The provider's documentation leaves the set of values open. */
            state?: string;
            /** @description Number of contacts (rows) in the campaign (`total` in the endpoint description). The payload list types it integer and leaves open whether it can be null; the Campaign resource's field of the same name is "integer or null" (the total may not be known yet), so, as for `started_at` and `completed_at`, null is accepted. */
            total_rows?: number | null;
            /** @description Number of contacts attempted at least once (`processed` in the endpoint description). */
            processed_rows?: number;
            /** @description Number of failed calls. The endpoint description's `failed` counts contacts that used all retries without success; the provider's documentation leaves open whether this field is that counter. */
            failed_calls?: number;
            /** @description Progress in percent (`completion_percentage` in the endpoint description: processed divided by total, times 100). The provider's documentation leaves its bounds open. */
            progress_percentage?: number;
            /** @description State of the synchronisation with the contact source. The provider's documentation leaves the structure open. */
            source_sync?: {
                [key: string]: unknown;
            };
            /** @description Rate limit applied to the campaign. The provider's documentation leaves its unit and meaning open. */
            rate_limit?: number;
            /**
             * Format: date-time
             * @description When the campaign started. The provider's documentation types it date-time and leaves open whether it can be null; a campaign that has not started has no start time (the Campaign resource's `started_at` is nullable), so null is accepted.
             */
            started_at?: string | null;
            /**
             * Format: date-time
             * @description When the campaign completed. The provider's documentation types it date-time and leaves open whether it can be null; a running campaign has no completion time (the Campaign resource's `completed_at` is nullable), so null is accepted.
             */
            completed_at?: string | null;
        };
        /**
         * AgentStatus
         * @description Status of an agent. The provider's documentation leaves the transitions between the values open.
         * @example active
         * @enum {string}
         */
        AgentStatus: "active" | "archived";
        /**
         * AgentSummary
         * @description An agent (workflow) in summary form: the items of list agents. The provider's documentation leaves which fields are required or nullable open, so no field is required and every field takes the type the provider's documentation shows or null (3.1 type arrays); a value of another type still fails. It also leaves the values of `assistant_mode` and the format of `created_by` open.
         */
        AgentSummary: {
            /** @description Agent (workflow) id. */
            id?: number | null;
            /** @description Agent name. */
            name?: string | null;
            /** @description Status of the agent (active or archived), or null (the provider's documentation leaves nullability open). */
            status?: components["schemas"]["AgentStatus"] | null;
            /**
             * Format: date-time
             * @description When the agent was created.
             */
            created_at?: string | null;
            /** @description Number of runs of the agent. */
            total_runs?: number | null;
            /** @description Id of the folder the agent is in. */
            folder_id?: number | null;
            /** @description UUID of the workflow. The provider's documentation types it as a plain string and leaves its format open. */
            workflow_uuid?: string | null;
            /** @description Assistant mode of the agent. The provider's documentation leaves the allowed values open. */
            assistant_mode?: string | null;
            /** @description Who created the agent. The provider's documentation leaves the format open. */
            created_by?: string | null;
        };
        /**
         * CallDispositionCodes
         * @description The call disposition codes of an agent. The provider's documentation names the `disposition_codes` array and leaves the structure of its items, and any other member, open.
         * @example {
         *       "disposition_codes": [
         *         "INTERESTED",
         *         "CALLBACK_REQUESTED",
         *         "NOT_INTERESTED"
         *       ]
         *     }
         */
        CallDispositionCodes: {
            /** @description Disposition codes. The provider's documentation leaves the structure of the items open. */
            disposition_codes?: unknown[];
        } & {
            [key: string]: unknown;
        };
        /**
         * Agent
         * @description An agent (also called a workflow), in full: returned by get agent. Each agent holds a workflow definition for voice conversations. The provider's documentation leaves which fields are required or nullable open, so no field is required and every field takes the type the provider's documentation shows or null (3.1 type arrays); a value of another type still fails. It also leaves the values of `version_status` open and the inner structure of `workflow_definition`, `template_context_variables`, `workflow_configurations` and the items of `call_disposition_codes.disposition_codes` open.
         */
        Agent: {
            /** @description Agent (workflow) id. */
            id?: number | null;
            /** @description Agent name. */
            name?: string | null;
            /** @description Status of the agent (active or archived), or null (the provider's documentation leaves nullability open). */
            status?: components["schemas"]["AgentStatus"] | null;
            /**
             * Format: date-time
             * @description When the agent was created.
             */
            created_at?: string | null;
            /** @description The workflow definition of the agent; it holds nodes and edges. The provider's documentation leaves the structure of nodes and edges open. */
            workflow_definition?: ({
                /** @description Nodes of the workflow. The provider's documentation leaves their structure open. */
                nodes?: unknown;
                /** @description Edges of the workflow. The provider's documentation leaves their structure open. */
                edges?: unknown;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description Id of the current workflow definition. */
            current_definition_id?: number | null;
            /** @description Template context variables. The provider's documentation leaves the structure open. */
            template_context_variables?: {
                [key: string]: unknown;
            } | null;
            /** @description Call disposition codes, or null (the provider's documentation leaves nullability open). */
            call_disposition_codes?: components["schemas"]["CallDispositionCodes"] | null;
            /** @description Number of runs of the agent. */
            total_runs?: number | null;
            /** @description Configuration of the workflow. The provider's documentation leaves the structure open. */
            workflow_configurations?: {
                [key: string]: unknown;
            } | null;
            /** @description Version number of the agent's definition. */
            version_number?: number | null;
            /** @description Status of the version. The provider's documentation leaves the allowed values open. */
            version_status?: string | null;
            /** @description UUID of the workflow. The provider's documentation types it as a plain string and leaves its format open. */
            workflow_uuid?: string | null;
        };
        /**
         * UtcDateTime
         * @description A date-time in UTC, as the sources type the agents run date bounds ("ISO 8601 date-time, UTC") and the
         *     group message time ("ISO 8601 UTC timestamp"). Any ISO 8601 date-time is accepted, not only the RFC 3339 profile of it: the extended (`2025-03-01T00:00:00Z`) or
         *     basic (`20250301T000000Z`) format; a calendar, week (`2025-W09-6`) or ordinal (`2025-060`) date; the
         *     time to the hour, minute or second, with a decimal fraction (`.` or `,`) of the last; 24:00 for the
         *     end of a day and 60 for a leap second. UTC is the designator `Z` or a zero offset (`+00:00`, `+0000`,
         *     `+00`). The pattern checks each field's range, not the length of the month (`2025-02-30` passes).
         *     RFC 3339's lower-case `t` and `z` are accepted too.
         * @example 2025-03-01T00:00:00Z
         */
        UtcDateTime: string;
        /**
         * NumberFilterValue
         * @description Value of a filter of type `number`. Members other than `value` are left open by the provider's documentation.
         * @example {
         *       "value": 42
         *     }
         */
        NumberFilterValue: {
            /** @description The number to match exactly. */
            value: number;
        };
        /**
         * RunIdFilter
         * @description Matches the run with exactly this id.
         * @example {
         *       "attribute": "runId",
         *       "type": "number",
         *       "value": {
         *         "value": 1042
         *       }
         *     }
         */
        RunIdFilter: {
            /** @constant */
            attribute: "runId";
            /** @constant */
            type: "number";
            value: components["schemas"]["NumberFilterValue"];
        };
        /**
         * WorkflowIdFilter
         * @description Matches the runs of the agent (workflow) with exactly this id.
         * @example {
         *       "attribute": "workflowId",
         *       "type": "number",
         *       "value": {
         *         "value": 17
         *       }
         *     }
         */
        WorkflowIdFilter: {
            /** @constant */
            attribute: "workflowId";
            /** @constant */
            type: "number";
            value: components["schemas"]["NumberFilterValue"];
        };
        /**
         * CampaignIdFilter
         * @description Matches the runs of the campaign with exactly this id.
         * @example {
         *       "attribute": "campaignId",
         *       "type": "number",
         *       "value": {
         *         "value": 381
         *       }
         *     }
         */
        CampaignIdFilter: {
            /** @constant */
            attribute: "campaignId";
            /** @constant */
            type: "number";
            value: components["schemas"]["NumberFilterValue"];
        };
        /**
         * TextFilterValue
         * @description Value of a filter of type `text`. Members other than `value` are left open by the provider's documentation.
         * @example {
         *       "value": "555"
         *     }
         */
        TextFilterValue: {
            /** @description The text to search for as a substring. */
            value: string;
        };
        /**
         * CallerNumberFilter
         * @description Matches the runs whose `initial_context.caller_number` contains the text.
         * @example {
         *       "attribute": "callerNumber",
         *       "type": "text",
         *       "value": {
         *         "value": "415555"
         *       }
         *     }
         */
        CallerNumberFilter: {
            /** @constant */
            attribute: "callerNumber";
            /** @constant */
            type: "text";
            value: components["schemas"]["TextFilterValue"];
        };
        /**
         * CalledNumberFilter
         * @description Matches the runs whose `initial_context.called_number` contains the text.
         * @example {
         *       "attribute": "calledNumber",
         *       "type": "text",
         *       "value": {
         *         "value": "212555"
         *       }
         *     }
         */
        CalledNumberFilter: {
            /** @constant */
            attribute: "calledNumber";
            /** @constant */
            type: "text";
            value: components["schemas"]["TextFilterValue"];
        };
        /**
         * MultiSelectFilterValue
         * @description Value of a filter of type `multiSelect`. Members other than `codes` are left open by the provider's documentation, and so is whether `codes` may be empty.
         * @example {
         *       "codes": [
         *         "INTERESTED",
         *         "CALLBACK_REQUESTED"
         *       ]
         *     }
         */
        MultiSelectFilterValue: {
            /** @description The codes to match; a run matches when any of them matches. */
            codes: string[];
        };
        /**
         * DispositionCodeFilter
         * @description Matches the runs where any listed code is in `gathered_context.mapped_call_disposition`. The provider's documentation leaves open whether that means equality or containment.
         * @example {
         *       "attribute": "dispositionCode",
         *       "type": "multiSelect",
         *       "value": {
         *         "codes": [
         *           "INTERESTED",
         *           "CALLBACK_REQUESTED"
         *         ]
         *       }
         *     }
         */
        DispositionCodeFilter: {
            /** @constant */
            attribute: "dispositionCode";
            /** @constant */
            type: "multiSelect";
            value: components["schemas"]["MultiSelectFilterValue"];
        };
        /**
         * NumberRangeFilterValue
         * @description Value of a filter of type `numberRange`: both bounds are inclusive. Members other than `min` and `max` are left open by the provider's documentation, and so is the answer when `min` is greater than `max`.
         * @example {
         *       "min": 30,
         *       "max": 300
         *     }
         */
        NumberRangeFilterValue: {
            /** @description Inclusive lower bound. */
            min: number;
            /** @description Inclusive upper bound. */
            max: number;
        };
        /**
         * DurationFilter
         * @description Matches the runs whose call duration in seconds lies between the bounds, bounds included.
         * @example {
         *       "attribute": "duration",
         *       "type": "numberRange",
         *       "value": {
         *         "min": 30,
         *         "max": 300
         *       }
         *     }
         */
        DurationFilter: {
            /** @constant */
            attribute: "duration";
            /** @constant */
            type: "numberRange";
            value: components["schemas"]["NumberRangeFilterValue"];
        };
        /**
         * UnknownFilter
         * @description A filter whose `attribute` and `type` are not one of the seven documented combinations, for example an unknown attribute or a known attribute with an unsupported type value (of any JSON type: `1`, `null`). The service silently ignores it, so it is valid whatever its `attribute`, `type` and `value`; it is still an object with the three members. The `not` below lists the documented combinations; it must list exactly the combinations of the other branches of `RunFilter`.
         * @example {
         *       "attribute": "runId",
         *       "type": "text",
         *       "value": {
         *         "value": "1042"
         *       }
         *     }
         */
        UnknownFilter: {
            /** @description Name of the attribute. Any JSON value: an attribute the service does not know (a name, or a value of another type such as a number) is silently ignored. */
            attribute: unknown;
            /** @description Type of the filter. Any JSON value: a type value the service does not support (another name, a number, null) is silently ignored. */
            type: unknown;
            /** @description Any JSON value; ignored by the service. */
            value: unknown;
        };
        /**
         * RunFilter
         * @description One element of the `filters` array of list runs: an object with `attribute`, `type` and `value`.
         *
         *     | attribute | type | value | matches |
         *     |---|---|---|---|
         *     | `runId` | `number` | `{value: number}` | exact run id |
         *     | `workflowId` | `number` | `{value: number}` | exact agent id |
         *     | `campaignId` | `number` | `{value: number}` | exact campaign id |
         *     | `callerNumber` | `text` | `{value: string}` | substring of `initial_context.caller_number` |
         *     | `calledNumber` | `text` | `{value: string}` | substring of `initial_context.called_number` |
         *     | `dispositionCode` | `multiSelect` | `{codes: string[]}` | any listed code in `gathered_context.mapped_call_disposition` |
         *     | `duration` | `numberRange` | `{min: number, max: number}` | call duration in seconds, bounds inclusive |
         *
         *     The pair of `attribute` and `type` selects the branch: a documented pair requires its value shape
         *     (a documented pair with a wrong value shape is invalid); any other pair is an `UnknownFilter`, which
         *     the service silently ignores and which is therefore valid with any value. The branches are disjoint,
         *     so exactly one matches (`oneOf`); a branch added without listing its pair in `UnknownFilter` would
         *     match twice and reject its own valid filters, which makes the omission visible. No `discriminator` is declared because the selection needs two properties.
         *     Date filtering is done only with `start_date` and `end_date`, never with a filter object.
         */
        RunFilter: components["schemas"]["RunIdFilter"] | components["schemas"]["WorkflowIdFilter"] | components["schemas"]["CampaignIdFilter"] | components["schemas"]["CallerNumberFilter"] | components["schemas"]["CalledNumberFilter"] | components["schemas"]["DispositionCodeFilter"] | components["schemas"]["DurationFilter"] | components["schemas"]["UnknownFilter"];
        /**
         * RunFilters
         * @description The `filters` query parameter of list runs, once its JSON text is parsed: an array of filter objects. The provider's documentation leaves open how several filters combine (all must match is the plausible reading) and whether the array may be empty.
         * @example [
         *       {
         *         "attribute": "campaignId",
         *         "type": "number",
         *         "value": {
         *           "value": 381
         *         }
         *       },
         *       {
         *         "attribute": "duration",
         *         "type": "numberRange",
         *         "value": {
         *           "min": 30,
         *           "max": 300
         *         }
         *       }
         *     ]
         */
        RunFilters: components["schemas"]["RunFilter"][];
        /**
         * RunWithUsage
         * @description One run (conversation) with its duration, usage and cost: the items of the runs list. The provider's documentation leaves which fields are required or nullable open, so no field is required and every field takes the type the provider's documentation shows or null (3.1 type arrays); a value of another type still fails. It also leaves open the values of `call_type`, `mode` and `disposition`, the format of the telephone numbers (not called E.164 by the provider's documentation) and the structure of `initial_context` and `gathered_context`, apart from the members the run filters read.
         */
        RunWithUsage: {
            /** @description Run id. */
            id?: number | null;
            /** @description Id of the agent (workflow) that ran. */
            workflow_id?: number | null;
            /** @description Name of the agent (workflow) that ran. */
            workflow_name?: string | null;
            /** @description Name of the run. */
            name?: string | null;
            /** @description When the run was created. The provider's documentation types it as a plain string (not date-time) and leaves its format open; the `start_date` and `end_date` bounds of list runs apply to it. */
            created_at?: string | null;
            /** @description Service tokens used by the run. */
            svc_token_usage?: number | null;
            /** @description Call duration, in seconds. */
            call_duration_seconds?: number | null;
            /** @description Location of the call recording. The provider's documentation types it as a plain string. */
            recording_url?: string | null;
            /** @description Location of the transcript. The provider's documentation types it as a plain string. */
            transcript_url?: string | null;
            /** @description Telephone number of the run. The provider's documentation leaves its format and its role open. */
            phone_number?: string | null;
            /** @description Number of the calling party. The provider's documentation leaves its format open. */
            caller_number?: string | null;
            /** @description Number of the called party. The provider's documentation leaves its format open. */
            called_number?: string | null;
            /** @description Type of call. The provider's documentation leaves the allowed values open. */
            call_type?: string | null;
            /** @description Mode of the run. The provider's documentation leaves the allowed values open. */
            mode?: string | null;
            /** @description Disposition of the call. The provider's documentation leaves the allowed values open. */
            disposition?: string | null;
            /** @description Context the run started with. The `callerNumber` and `calledNumber` filters search its `caller_number` and `called_number` members; the provider's documentation leaves the rest of the structure open. */
            initial_context?: {
                [key: string]: unknown;
            } | null;
            /** @description Context gathered during the run. The `dispositionCode` filter reads its `mapped_call_disposition` member; the provider's documentation leaves the rest of the structure open. */
            gathered_context?: {
                [key: string]: unknown;
            } | null;
            /** @description Charge for the run, in US dollars. */
            charge_usd?: number | null;
        };
        /**
         * RunsPage
         * @description One page of runs with usage totals: returned by list runs. The provider's documentation leaves which fields are required or nullable open, and whether the totals cover the page or every matching run.
         */
        RunsPage: {
            /** @description The runs of this page. */
            runs?: components["schemas"]["RunWithUsage"][];
            /** @description Total service tokens used. */
            total_svc_tokens?: number;
            /** @description Total call duration, in seconds. */
            total_duration_seconds?: number;
            /** @description Number of matching runs. */
            total_count?: number;
            /** @description Number of this page. */
            page?: number;
            /** @description Page size. */
            limit?: number;
            /** @description Number of pages. */
            total_pages?: number;
        };
    };
    responses: {
        /** @description Not authenticated. The provider's documentation names 401 but leaves open its body (whether there is one, its media type and its shape) and which credential failures answer 401 rather than 403 (plausibly: no credential, an expired access token, a revoked or unknown API key, an API key sent as a bearer token, or a bearer token and an API key together). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnspecifiedErrorBody"];
            };
        };
        /** @description Authenticated but not allowed. The provider's documentation names 403 but leaves open its body (whether there is one, its media type and its shape) and the exact conditions (plausibly: the caller lacks the required role or workspace access, the workspace id is not one of the key owner's workspaces, or an API key on a bearer-only operation). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnspecifiedErrorBody"];
            };
        };
        /** @description The campaign was not found. The provider's documentation leaves the body open: whether there is one, its media type and its shape. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnspecifiedErrorBody"];
            };
        };
        /** @description The request failed validation (for example a path or query parameter of the wrong type or out of range). */
        ValidationError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["HTTPValidationError"];
            };
        };
        /** @description Not from the provider's documentation: a server failure (any 5xx). The provider's documentation shows no 5xx for this service and leaves server errors open, so any 5xx is accepted, with a body the provider's documentation leaves open. The example is plausible only. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnspecifiedErrorBody"];
            };
        };
    };
    parameters: {
        /**
         * @description Id of the campaign. The provider's documentation leaves its bounds open.
         * @example 381
         */
        campaignId: number;
        /** @description Agent status to list: a single value (`active` or `archived`) or a comma-separated list (`active,archived`). The provider's documentation leaves open whether spaces may surround the commas, so they are accepted. When omitted, the list has all agents of the workspace, active and archived. */
        agentStatus: string;
        /**
         * @description Id of the agent (workflow). The provider's documentation says only that it identifies the agent and gives it no type, so any path segment is accepted (the provider's documentation leaves its format open); the example is a plausible integer like `Agent.id`.
         * @example 17
         */
        workflowId: number | string;
        /**
         * @description Inclusive lower bound on the run's `created_at`: an ISO 8601 date-time in UTC (`UtcDateTime`: any ISO 8601 form, not only RFC 3339's, with `Z` or a zero offset). The provider's documentation leaves open whether the parameter is required.
         * @example 2025-03-01T00:00:00Z
         */
        startDate: components["schemas"]["UtcDateTime"];
        /**
         * @description Inclusive upper bound on the run's `created_at`: an ISO 8601 date-time in UTC (`UtcDateTime`: any ISO 8601 form, not only RFC 3339's, with `Z` or a zero offset). The provider's documentation leaves open whether the parameter is required.
         * @example 2025-03-31T23:59:59Z
         */
        endDate: components["schemas"]["UtcDateTime"];
        /**
         * @description Page number, at least 1. The provider's documentation leaves the default open.
         * @example 1
         */
        page: number;
        /**
         * @description Page size, from 1 to 100 inclusive. The provider's documentation leaves the default open.
         * @example 50
         */
        limit: number;
        /**
         * @description A JSON array of filter objects, sent as the (URL-encoded) JSON text of the parameter, for example
         *     `filters=%5B%7B%22attribute%22%3A%22campaignId%22%2C%22type%22%3A%22number%22%2C%22value%22%3A%7B%22value%22%3A381%7D%7D%5D`.
         *     Each element has `attribute`, `type` and `value`; see `RunFilter` for the seven documented
         *     combinations. Unknown attributes and unsupported type values are silently ignored. Date filtering is
         *     done only with `start_date` and `end_date`, never with a filter object.
         */
        runFilters: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    pauseCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the campaign. The provider's documentation leaves its bounds open.
                 * @example 381
                 */
                campaign_id: components["parameters"]["campaignId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign, now paused. The provider's only transition of pause moves a running campaign to `paused`, so the `state` of this answer is `paused` (a 200 saying `running` is a violation). The state after resume is not shown and stays open. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PausedCampaign"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationError"];
            /** @description Not documented by the provider, whose documentation does not show the answer for pausing a campaign that is not running (it shows only the move from running to paused), so any 4xx is accepted for it, with a body the provider's documentation leaves open. Expect any 4xx. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnspecifiedErrorBody"];
                };
            };
            "5XX": components["responses"]["ServerError"];
        };
    };
    resumeCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the campaign. The provider's documentation leaves its bounds open.
                 * @example 381
                 */
                campaign_id: components["parameters"]["campaignId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign, dispatching again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationError"];
            /** @description Not documented by the provider, whose documentation does not show the answer for resuming a campaign that is not paused ("the response for any other status: not shown"), so any 4xx is accepted for it, with a body the provider's documentation leaves open. Expect any 4xx. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnspecifiedErrorBody"];
                };
            };
            "5XX": components["responses"]["ServerError"];
        };
    };
    getCampaignProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the campaign. The provider's documentation leaves its bounds open.
                 * @example 381
                 */
                campaign_id: components["parameters"]["campaignId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign's progress. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignProgress"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationError"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listAgents: {
        parameters: {
            query?: {
                /** @description Agent status to list: a single value (`active` or `archived`) or a comma-separated list (`active,archived`). The provider's documentation leaves open whether spaces may surround the commas, so they are accepted. When omitted, the list has all agents of the workspace, active and archived. */
                status?: components["parameters"]["agentStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agents of the workspace: with `status` sent, only agents of a status it lists. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentSummary"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationError"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the agent (workflow). The provider's documentation says only that it identifies the agent and gives it no type, so any path segment is accepted (the provider's documentation leaves its format open); the example is a plausible integer like `Agent.id`.
                 * @example 17
                 */
                workflow_id: components["parameters"]["workflowId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationError"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listRuns: {
        parameters: {
            query?: {
                /**
                 * @description Inclusive lower bound on the run's `created_at`: an ISO 8601 date-time in UTC (`UtcDateTime`: any ISO 8601 form, not only RFC 3339's, with `Z` or a zero offset). The provider's documentation leaves open whether the parameter is required.
                 * @example 2025-03-01T00:00:00Z
                 */
                start_date?: components["parameters"]["startDate"];
                /**
                 * @description Inclusive upper bound on the run's `created_at`: an ISO 8601 date-time in UTC (`UtcDateTime`: any ISO 8601 form, not only RFC 3339's, with `Z` or a zero offset). The provider's documentation leaves open whether the parameter is required.
                 * @example 2025-03-31T23:59:59Z
                 */
                end_date?: components["parameters"]["endDate"];
                /**
                 * @description Page number, at least 1. The provider's documentation leaves the default open.
                 * @example 1
                 */
                page?: components["parameters"]["page"];
                /**
                 * @description Page size, from 1 to 100 inclusive. The provider's documentation leaves the default open.
                 * @example 50
                 */
                limit?: components["parameters"]["limit"];
                /**
                 * @description A JSON array of filter objects, sent as the (URL-encoded) JSON text of the parameter, for example
                 *     `filters=%5B%7B%22attribute%22%3A%22campaignId%22%2C%22type%22%3A%22number%22%2C%22value%22%3A%7B%22value%22%3A381%7D%7D%5D`.
                 *     Each element has `attribute`, `type` and `value`; see `RunFilter` for the seven documented
                 *     combinations. Unknown attributes and unsupported type values are silently ignored. Date filtering is
                 *     done only with `start_date` and `end_date`, never with a filter object.
                 */
                filters?: components["parameters"]["runFilters"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of runs with usage totals. Every run of `runs` is within the request's filters: `created_at` from `start_date` to `end_date`, both included, and, when `filters`
             *     is sent, a match of at least one of its filter objects. The provider's documentation does not say how several
             *     filter objects combine, so a run is out of bounds only when it matches none of them; and no run
             *     is judged on a member it lacks, since the provider's documentation leaves which run fields are present open. A
             *     `campaignId` filter is never compared: no member of a run carries its campaign.
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunsPage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationError"];
            "5XX": components["responses"]["ServerError"];
        };
    };
}
