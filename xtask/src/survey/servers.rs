//! The surveyed servers ([`SERVERS`]): each package, its registry, the
//! command that starts it, and how much of its tools the probe may call.

/// Where a server comes from.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Registry {
    /// npm: installed from `xtask/survey/package-lock.json`.
    Npm,
    /// PyPI: a virtual environment from `xtask/survey/pypi/<package>.txt`.
    Pypi,
}

/// One surveyed server.
pub(super) struct Server {
    /// The package's name in its registry.
    pub(super) package: &'static str,
    /// Where it comes from.
    pub(super) registry: Registry,
    /// The command: the first word is the installed entry point
    /// (`node_modules/.bin/NAME` or the virtual environment's `bin/NAME`);
    /// `{work}` in any word is the scratch directory.
    pub(super) argv: &'static [&'static str],
    /// Added to its environment; `{work}` in a value is the scratch directory.
    pub(super) env: &'static [(&'static str, &'static str)],
    /// `--tools`: `readonly` unless the tools exist to reach the network
    /// (or run commands), then `none`.
    pub(super) tools: &'static str,
}

/// Every surveyed server, in the table's order.
pub(super) const SERVERS: &[Server] = &[
    Server {
        package: "@modelcontextprotocol/server-everything",
        registry: Registry::Npm,
        argv: &["mcp-server-everything", "stdio"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "@modelcontextprotocol/server-filesystem",
        registry: Registry::Npm,
        argv: &["mcp-server-filesystem", "{work}/fs"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "@modelcontextprotocol/server-memory",
        registry: Registry::Npm,
        argv: &["mcp-server-memory"],
        env: &[("MEMORY_FILE_PATH", "{work}/memory.jsonl")],
        tools: "readonly",
    },
    Server {
        package: "@modelcontextprotocol/server-sequential-thinking",
        registry: Registry::Npm,
        argv: &["mcp-server-sequential-thinking"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "@modelcontextprotocol/server-github",
        registry: Registry::Npm,
        argv: &["mcp-server-github"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "@notionhq/notion-mcp-server",
        registry: Registry::Npm,
        argv: &["notion-mcp-server"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "@playwright/mcp",
        registry: Registry::Npm,
        argv: &["playwright-mcp"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "@upstash/context7-mcp",
        registry: Registry::Npm,
        argv: &["context7-mcp"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "@cyanheads/git-mcp-server",
        registry: Registry::Npm,
        argv: &["git-mcp-server"],
        env: &[
            ("MCP_TRANSPORT_TYPE", "stdio"),
            ("GIT_BASE_DIR", "{work}/repo"),
        ],
        tools: "readonly",
    },
    Server {
        package: "mcp-server-commands",
        registry: Registry::Npm,
        argv: &["mcp-server-commands"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "mcp-server-time",
        registry: Registry::Pypi,
        argv: &["mcp-server-time", "--local-timezone", "UTC"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "mcp-server-fetch",
        registry: Registry::Pypi,
        argv: &["mcp-server-fetch"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "mcp-server-git",
        registry: Registry::Pypi,
        argv: &["mcp-server-git", "--repository", "{work}/repo"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "mcp-server-sqlite",
        registry: Registry::Pypi,
        argv: &["mcp-server-sqlite", "--db-path", "{work}/db.sqlite"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "mcp-server-calculator",
        registry: Registry::Pypi,
        argv: &["mcp-server-calculator"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "duckduckgo-mcp-server",
        registry: Registry::Pypi,
        argv: &["duckduckgo-mcp-server"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "arxiv-mcp-server",
        registry: Registry::Pypi,
        argv: &["arxiv-mcp-server", "--storage-path", "{work}/arxiv"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "excel-mcp-server",
        registry: Registry::Pypi,
        argv: &["excel-mcp-server", "stdio"],
        env: &[("EXCEL_FILES_PATH", "{work}/excel")],
        tools: "readonly",
    },
];
