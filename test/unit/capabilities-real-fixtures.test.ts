// The capabilities of every tool of published servers, captured with `mcp list --json` into
// test/fixtures/real/ (brave-search, context7, desktop-commander, exa, firecrawl, github,
// kubernetes, notion, playwright, slack, tavily). Reviewed by hand: a read verb after a vendor
// prefix reads, destructive tools write too, exec only where the tool runs what it is given
// (`kubectl_generic`, `browser_evaluate`, `browser_run_code_unsafe`, `start_process`,
// `exec_in_pod`, `interact_with_process`, which types into a shell or REPL; not `firecrawl_parse`,
// which only advises the model to run a curl command), never on "running
// processes". Annotations the servers declare are taken as they are (Playwright's and Notion's
// destructiveHint).
import { test } from "node:test";
import assert from "node:assert/strict";
import { realServers } from "../support/real-servers.js";
import { deriveEffects } from "../../src/pin/effects.js";

// The snapshots, read once per process (the other unit files that read them share them).
const snapshotOf = (server: string) => realServers().find((r) => r.file === `${server}.json`)!.snap;

const EXPECTED: Record<string, Record<string, string>> = {
  brave: {
    brave_local_search: "read",
    brave_web_search: "read network",
  },
  context7: {
    "query-docs": "read network",
    "resolve-library-id": "read network",
  },
  desktop: {
    create_directory: "write",
    edit_block: "write delete",
    force_terminate: "write delete",
    get_config: "read",
    get_file_info: "read",
    get_more_search_results: "read",
    get_prompts: "read",
    get_recent_tool_calls: "read",
    get_usage_stats: "read",
    give_feedback_to_desktop_commander: "read write network",
    interact_with_process: "write delete network exec",
    kill_process: "write delete",
    list_directory: "read",
    list_processes: "read",
    list_searches: "read",
    list_sessions: "read",
    move_file: "write delete",
    read_file: "read network",
    read_multiple_files: "read",
    read_process_output: "read",
    set_config_value: "write delete",
    start_process: "write delete network exec",
    start_search: "read",
    stop_search: "write",
    write_file: "write delete",
    write_pdf: "write delete",
  },
  exa: {
    web_fetch_exa: "read network",
    web_search_exa: "read network",
  },
  firecrawl: {
    firecrawl_agent: "write network",
    firecrawl_agent_status: "read",
    firecrawl_check_crawl_status: "read network",
    firecrawl_crawl: "read write network",
    firecrawl_extract: "read network",
    firecrawl_feedback: "write network",
    firecrawl_interact: "write network",
    firecrawl_interact_stop: "write delete",
    firecrawl_map: "read network",
    firecrawl_monitor_check: "read network",
    firecrawl_monitor_checks: "read",
    firecrawl_monitor_create: "write network",
    firecrawl_monitor_delete: "write delete network",
    firecrawl_monitor_get: "read",
    firecrawl_monitor_list: "read",
    firecrawl_monitor_run: "write network",
    firecrawl_monitor_update: "write delete network",
    firecrawl_parse: "read network",
    firecrawl_research_inspect_paper: "read network",
    firecrawl_research_read_paper: "read network",
    firecrawl_research_related_papers: "read network",
    firecrawl_research_search_github: "read network",
    firecrawl_research_search_papers: "read network",
    firecrawl_scrape: "read write network",
    firecrawl_search: "read network",
    firecrawl_search_feedback: "read write network",
  },
  github: {
    add_issue_comment: "write",
    create_branch: "write",
    create_issue: "write",
    create_or_update_file: "write",
    create_pull_request: "write",
    create_pull_request_review: "write",
    create_repository: "write",
    fork_repository: "write",
    get_file_contents: "read",
    get_issue: "read",
    get_pull_request: "read",
    get_pull_request_comments: "read",
    get_pull_request_files: "read",
    get_pull_request_reviews: "read",
    get_pull_request_status: "read",
    list_commits: "read",
    list_issues: "read",
    list_pull_requests: "read",
    merge_pull_request: "write",
    push_files: "write",
    search_code: "read",
    search_issues: "read",
    search_repositories: "read",
    search_users: "read",
    update_issue: "write",
    update_pull_request_branch: "write",
  },
  kubernetes: {
    cleanup: "write delete",
    exec_in_pod: "write delete exec",
    explain_resource: "read",
    install_helm_chart: "write delete",
    kubectl_apply: "write delete",
    kubectl_context: "read",
    kubectl_create: "write",
    kubectl_delete: "write delete",
    kubectl_describe: "read",
    kubectl_generic: "write delete exec",
    kubectl_get: "read",
    kubectl_logs: "read",
    kubectl_patch: "write delete",
    kubectl_reconnect: "write",
    kubectl_rollout: "write delete",
    kubectl_scale: "write delete",
    list_api_resources: "read",
    node_management: "write delete",
    ping: "read",
    port_forward: "write network",
    stop_port_forward: "write network",
    uninstall_helm_chart: "write delete",
    upgrade_helm_chart: "write delete",
  },
  notion: {
    "API-create-a-comment": "write delete",
    "API-create-a-data-source": "write delete",
    "API-delete-a-block": "write delete",
    "API-get-block-children": "read",
    "API-get-self": "read",
    "API-get-user": "read",
    "API-get-users": "read",
    "API-list-data-source-templates": "read",
    "API-move-page": "write delete",
    "API-patch-block-children": "write delete",
    "API-patch-page": "write delete",
    "API-post-page": "write delete",
    "API-post-search": "write delete",
    "API-query-data-source": "read write delete",
    "API-retrieve-a-block": "read",
    "API-retrieve-a-comment": "read",
    "API-retrieve-a-data-source": "read",
    "API-retrieve-a-database": "read",
    "API-retrieve-a-page": "read",
    "API-retrieve-a-page-property": "read",
    "API-retrieve-page-markdown": "read",
    "API-update-a-block": "write delete",
    "API-update-a-data-source": "write delete",
    "API-update-page-markdown": "write delete",
  },
  playwright: {
    browser_click: "write delete network",
    browser_close: "write delete network",
    browser_console_messages: "read network",
    browser_drag: "write delete network",
    browser_drop: "write delete network",
    browser_emulate_media: "write delete network",
    browser_evaluate: "write delete network exec",
    browser_file_upload: "write delete network",
    browser_fill_form: "write delete network",
    browser_find: "read network",
    browser_handle_dialog: "write delete network",
    browser_hover: "write delete network",
    browser_navigate: "write delete network",
    browser_navigate_back: "write delete network",
    browser_network_request: "read network",
    browser_network_requests: "read network",
    browser_press_key: "write delete network",
    browser_resize: "write delete network",
    browser_run_code_unsafe: "write delete network exec",
    browser_select_option: "write delete network",
    browser_snapshot: "read network",
    browser_tabs: "read write delete network",
    browser_take_screenshot: "read network",
    browser_type: "write delete network",
    browser_wait_for: "read network",
  },
  slack: {
    slack_add_reaction: "write",
    slack_get_channel_history: "read",
    slack_get_thread_replies: "read",
    slack_get_user_profile: "read",
    slack_get_users: "read",
    slack_list_channels: "read",
    slack_post_message: "write",
    slack_reply_to_thread: "write",
  },
  tavily: {
    tavily_crawl: "read network",
    tavily_extract: "read network",
    tavily_map: "read network",
    tavily_research: "unknown",
    tavily_search: "read network",
  },
};

for (const [server, tools] of Object.entries(EXPECTED)) {
  test(`capabilities of every tool of the captured ${server} server`, () => {
    const snapshot = snapshotOf(server);
    const actual = Object.fromEntries(
      snapshot.tools.map((t) => [
        String(t.name),
        deriveEffects(t)
          .map((c) => c.capability)
          .join(" "),
      ]),
    );
    assert.deepEqual(actual, tools);
  });
}

test("no captured tool is unknown without its reason", () => {
  for (const server of Object.keys(EXPECTED)) {
    for (const t of snapshotOf(server).tools) {
      for (const c of deriveEffects(t)) assert.ok(c.sources.length > 0, `${server} ${String(t.name)}`);
    }
  }
});
