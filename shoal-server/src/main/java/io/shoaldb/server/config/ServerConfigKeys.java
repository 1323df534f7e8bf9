package io.shoaldb.server.config;

import io.shoaldb.common.config.ConfigKey;
import io.shoaldb.ingest.groupcommit.GroupCommitOptions;
import io.shoaldb.protocol.mysql.auth.AuthPlugin;
import io.shoaldb.storage.StorageOptions;
import java.util.List;

/** Every key a {@code shoal.conf} may set. Unknown keys are refused at start. */
public final class ServerConfigKeys {
    public static final ConfigKey<Integer> QUERY_PORT =
            ConfigKey.port("query_port", 9030, "MySQL-protocol port");
    public static final ConfigKey<Integer> HTTP_PORT =
            ConfigKey.port("http_port", 8030, "HTTP port for Stream Load and the REST API");
    public static final ConfigKey<Integer> WEBSERVER_PORT =
            ConfigKey.port("webserver_port", 8040, "second HTTP port, so backend-style Stream Load URLs work");
    public static final ConfigKey<String> BIND_ADDRESS = ConfigKey.string("bind_address", "127.0.0.1",
            "address the ports listen on; loopback by default because root has no password until one is set");
    public static final ConfigKey<String> STORAGE_ROOT_PATH = ConfigKey.string("storage_root_path", "./data",
            "';'-separated data directories; each one is a data path");
    public static final ConfigKey<String> META_DIR = ConfigKey.string("meta_dir", "",
            "directory of the catalog journal and image; empty = 'meta' under the first storage path");
    public static final ConfigKey<String> SYS_LOG_DIR = ConfigKey.string("sys_log_dir", "log",
            "directory of the server log and the audit log");
    public static final ConfigKey<String> ROOT_PASSWORD = ConfigKey.string("root_password", "",
            "first password of the built-in users root and admin, set when the metadata has no users yet (later"
                    + " changes are SET PASSWORD's); empty means none (a warning is logged at every start)");
    public static final ConfigKey<Boolean> ENABLE_SSL = ConfigKey.bool("enable_ssl", true,
            "offer TLS on the MySQL port; without a configured certificate a self-signed one is made at first start");
    public static final ConfigKey<String> MYSQL_SSL_DEFAULT_SERVER_CERTIFICATE = ConfigKey.string(
            "mysql_ssl_default_server_certificate", "",
            "PKCS#12 keystore with the server's key and certificate; empty = the self-signed one under meta_dir/tls");
    public static final ConfigKey<String> MYSQL_SSL_DEFAULT_SERVER_CERTIFICATE_PASSWORD = ConfigKey.string(
            "mysql_ssl_default_server_certificate_password", "", "password of that keystore");
    public static final ConfigKey<Boolean> REQUIRE_SECURE_TRANSPORT = ConfigKey.bool("require_secure_transport",
            false, "refuse MySQL-protocol logins that do not use TLS");
    public static final ConfigKey<AuthPlugin> DEFAULT_AUTHENTICATION_PLUGIN = ConfigKey.custom(
            "default_authentication_plugin", ServerConfigKeys::authPlugin, AuthPlugin.MYSQL_NATIVE_PASSWORD.pluginName(),
            "plugin the MySQL greeting announces: mysql_native_password (clients asking for caching_sha2_password get "
                    + "it over TLS or from its cache) or caching_sha2_password (every client is switched to it; "
                    + "an RSA key for clients without TLS is made under meta_dir/auth)");
    public static final ConfigKey<Boolean> ENABLE_HTTPS = ConfigKey.bool("enable_https", false,
            "also serve Stream Load and the REST API over TLS on https_port");
    public static final ConfigKey<Integer> HTTPS_PORT = ConfigKey.port("https_port", 8050, "HTTPS port (enable_https)");
    public static final ConfigKey<String> KEY_STORE_PATH = ConfigKey.string("key_store_path", "",
            "keystore of the HTTPS port; empty = the self-signed certificate under meta_dir/tls");
    public static final ConfigKey<String> KEY_STORE_PASSWORD = ConfigKey.string("key_store_password", "",
            "password of key_store_path");
    public static final ConfigKey<String> KEY_STORE_TYPE = ConfigKey.string("key_store_type", "PKCS12",
            "type of key_store_path: PKCS12 or JKS");
    public static final ConfigKey<Boolean> ENABLE_METRICS_AUTH = ConfigKey.bool("enable_metrics_auth", true,
            "GET /metrics asks for a login like every HTTP endpoint but /api/health; false lets scrapers read it without");
    public static final ConfigKey<Integer> QE_MAX_CONNECTION = ConfigKey.integer("qe_max_connection", 4096, 1,
            1_000_000, "most MySQL-protocol connections at once");
    public static final ConfigKey<Integer> MAX_ALLOWED_PACKET = ConfigKey.integer("max_allowed_packet",
            64 * 1024 * 1024, 1024, 1024 * 1024 * 1024, "largest MySQL command a client may send, in bytes");
    public static final ConfigKey<Integer> METADATA_CHECKPOINT_INTERVAL = ConfigKey.integer(
            "metadata_checkpoint_interval", 1000, 1, 10_000_000,
            "journal entries after which the catalog writes a new image");

    public static final ConfigKey<Long> MEM_LIMIT = ConfigKey.custom("mem_limit",
            text -> MemoryLimit.bytes(text, Runtime.getRuntime().maxMemory()), "90%",
            "memory the engine may use: a percentage of the JVM's maximum heap, or a size such as 8G or 512M");
    public static final ConfigKey<Integer> DATA_PARTITIONS = ConfigKey.integer("data_partitions", 0, 0, 1024,
            "data partitions on this node; 0 = automatic (one per path, or min(cores, mem_limit/1GB, 16) on one path)");
    public static final ConfigKey<Integer> QUERY_MAX_CONCURRENCY = ConfigKey.integer("query_max_concurrency", 32, 0,
            1_000_000, "queries over tables running at once; more wait in a queue (0 = no limit)");
    public static final ConfigKey<Integer> QUERY_MAX_QUEUE_SIZE = ConfigKey.integer("query_max_queue_size", 1024, 0,
            1_000_000, "queries waiting for one of the query_max_concurrency places; one more is refused at once");
    public static final ConfigKey<Long> QUERY_QUEUE_TIMEOUT_MS = ConfigKey.longInteger("query_queue_timeout_ms",
            60_000, 0, Long.MAX_VALUE / 1_000_000, "longest a query waits in that queue before it is refused");
    public static final ConfigKey<Integer> LOAD_CPU_SHARE = ConfigKey.integer("load_cpu_share", 50, 0, 90,
            "percent of the cores the query workers leave to loads while group-commit loads are in flight (0 = none)");
    public static final ConfigKey<Long> LABEL_KEEP_MAX_SECOND = ConfigKey.longInteger("label_keep_max_second",
            3 * 24 * 3600, 1, Long.MAX_VALUE / 1000, "how long a finished load's label stays reserved");

    public static final ConfigKey<String> GROUP_COMMIT_WAL_PATH = ConfigKey.string("group_commit_wal_path", "",
            "';'-separated WAL directories for async group commit; empty = 'wal' under each storage path");
    public static final ConfigKey<Integer> GROUP_COMMIT_MAX_WAL_NUM_PER_TABLE = ConfigKey.integer(
            "group_commit_max_wal_num_per_table", 10, 0, 1_000_000,
            "async loads into a table are refused past this many WAL files (0 = unlimited)");
    /**
     * Four batches at the default {@code group_commit_data_bytes} (64 MB): at 64 MiB a batch sealed by its size held
     * the whole budget, so every writer of every table waited for its commit (seconds) before the next batch could
     * fill. With room for more, loads go on while a batch commits; a table whose commits fall behind still blocks.
     */
    public static final ConfigKey<Long> GROUP_COMMIT_QUEUE_MEM_LIMIT = ConfigKey.longInteger(
            "group_commit_queue_mem_limit", 256L << 20, 1L << 20, Long.MAX_VALUE,
            "bytes of group-commit data queued in memory before writers wait");
    public static final ConfigKey<Long> GROUP_COMMIT_ADAPTIVE_WINDOW_US = ConfigKey.longInteger(
            "group_commit_adaptive_window_us", 1000, 0, 1_000_000,
            "longest a batch holding a sync load waits for the rest of its group (0 = commit as soon as no load is in flight)");
    public static final ConfigKey<Integer> GROUP_COMMIT_PIPELINE_DEPTH = ConfigKey.integer(
            "group_commit_pipeline_depth", GroupCommitOptions.DEFAULT_PIPELINE_DEPTH, 1, 8,
            "batches of one table committing at once (2+: the next is built while the one before waits for its"
                    + " fsync; 1 = one after another)");
    public static final ConfigKey<Integer> PLAN_CACHE_SIZE = ConfigKey.integer("plan_cache_size", 1024, 0, 1_000_000,
            "SELECT plans kept for reuse with other literal values (0 = no plan cache)");
    public static final ConfigKey<Long> INLINE_LOAD_MAX_BYTES = ConfigKey.longInteger("inline_load_max_bytes",
            1L << 20, 0, 1L << 30,
            "loads up to this size commit their rows inside the commit record (one fsync, no files); 0 = never");
    public static final ConfigKey<Long> INLINE_ROWSETS_MEM_LIMIT = ConfigKey.longInteger("inline_rowsets_mem_limit",
            64L << 20, 0, Long.MAX_VALUE,
            "bytes of inline rowsets kept in memory until compaction writes them to files; past it loads write files");

    public static final ConfigKey<Long> STREAMING_LOAD_MAX_MB = ConfigKey.longInteger("streaming_load_max_mb",
            10240, 1, Long.MAX_VALUE >> 20, "largest Stream Load body accepted, in MB");
    public static final ConfigKey<Long> STREAMING_LOAD_JSON_MAX_MB = ConfigKey.longInteger(
            "streaming_load_json_max_mb", 100, 1, 2047,
            "largest JSON document in MB: a whole-body JSON load, or one line with read_json_by_line");
    public static final ConfigKey<Long> STREAMING_LOAD_CSV_LINE_MAX_MB = ConfigKey.longInteger(
            "streaming_load_csv_line_max_mb", 100, 1, 2047, "longest CSV line of a Stream Load, in MB");
    public static final ConfigKey<Integer> STREAMING_LOAD_DECODE_THREADS = ConfigKey.integer(
            "streaming_load_decode_threads", 0, 0, 1024, "threads that parse and convert one large CSV Stream Load"
                    + " body at once (0 = one per core but one, which the load's writer needs; 1 = the load's own)");
    public static final ConfigKey<Long> STREAMING_LOAD_RECORD_BUFFER_MEM_LIMIT = ConfigKey.custom(
            "streaming_load_record_buffer_mem_limit",
            text -> MemoryLimit.bytes("streaming_load_record_buffer_mem_limit", text, Runtime.getRuntime().maxMemory()),
            "50%", "memory all running loads together may hold for large records (beyond 1 MB each): a percentage"
                    + " of the JVM's maximum heap, or a size; a load that needs more fails");
    public static final ConfigKey<Long> WRITE_BUFFER_SIZE = ConfigKey.longInteger("write_buffer_size",
            StorageOptions.DEFAULT.memtableBytes(), 1L << 20, 1L << 40, "bytes of rows a load buffers per tablet (a"
                    + " memtable) before it sorts and writes them as a segment");
    public static final ConfigKey<Long> STORAGE_PAGE_CACHE_LIMIT = ConfigKey.custom("storage_page_cache_limit",
            text -> text.strip().equals("0") ? 0L
                    : MemoryLimit.bytes("storage_page_cache_limit", text, Runtime.getRuntime().maxMemory()),
            "20%", "memory for segment footers and decoded pages kept across queries: a percentage of the JVM's"
                    + " maximum heap, or a size; 0 = no cache");
    public static final ConfigKey<Integer> HTTP_MAX_CONNECTIONS = ConfigKey.integer("http_max_connections", 4096, 1,
            1_000_000, "most HTTP connections served at once over both HTTP ports; a request on one more gets 503");
    public static final ConfigKey<Integer> STREAMING_LOAD_MAX_CONCURRENCY = ConfigKey.integer(
            "streaming_load_max_concurrency", 1024, 1, 1_000_000,
            "most Stream Loads running at once; one more is refused with 503 before its body is read");
    public static final ConfigKey<Boolean> ENABLE_GROUP_COMMIT_STREAMLOAD_BE_FORWARD = ConfigKey.bool(
            "enable_group_commit_streamload_be_forward", false,
            "accept /_stream_load_forward (multi-node forwarding; answers 403 while false)");
    public static final ConfigKey<Long> FILE_CACHE_CAPACITY_BYTES = ConfigKey.longInteger("file_cache_capacity_bytes",
            10L << 30, 1L << 20, Long.MAX_VALUE,
            "bytes of storage-vault segment blocks cached on EACH data path (<path>/file_cache), least recently used evicted");
    public static final ConfigKey<Integer> FILE_CACHE_BLOCK_BYTES = ConfigKey.integer("file_cache_block_bytes",
            1 << 20, 4096, 64 << 20, "size of a file cache block: the unit fetched from a storage vault and cached");
    public static final ConfigKey<Integer> FILE_CACHE_READ_AHEAD_BLOCKS = ConfigKey.integer(
            "file_cache_read_ahead_blocks", 4, 0, 1024,
            "blocks fetched after a missing one in the same ranged GET (scans read segments in order)");
    public static final ConfigKey<Long> VAULT_RECYCLE_GRACE_SECONDS = ConfigKey.longInteger(
            "vault_recycle_grace_seconds", 1800, 0, Long.MAX_VALUE / 1000,
            "how long a storage-vault object no committed state names (aborted, crashed, compacted away, dropped)"
                    + " is kept before the recycler deletes it");
    public static final ConfigKey<Long> VAULT_RECYCLE_INTERVAL_SECONDS = ConfigKey.longInteger(
            "vault_recycle_interval_seconds", 60, 1, 24 * 3600, "how often the storage-vault recycler looks for"
                    + " objects whose grace period is over");

    private ServerConfigKeys() {
    }

    private static AuthPlugin authPlugin(String text) {
        AuthPlugin plugin = AuthPlugin.byName(text.trim());
        if (plugin == null) {
            throw new IllegalArgumentException("must be mysql_native_password or caching_sha2_password");
        }
        return plugin;
    }

    public static List<ConfigKey<?>> all() {
        return List.of(QUERY_PORT, HTTP_PORT, WEBSERVER_PORT, BIND_ADDRESS, STORAGE_ROOT_PATH, META_DIR,
                SYS_LOG_DIR, ROOT_PASSWORD, ENABLE_SSL, MYSQL_SSL_DEFAULT_SERVER_CERTIFICATE,
                MYSQL_SSL_DEFAULT_SERVER_CERTIFICATE_PASSWORD, REQUIRE_SECURE_TRANSPORT, DEFAULT_AUTHENTICATION_PLUGIN,
                ENABLE_HTTPS, HTTPS_PORT,
                KEY_STORE_PATH, KEY_STORE_PASSWORD, KEY_STORE_TYPE, ENABLE_METRICS_AUTH, QE_MAX_CONNECTION, MAX_ALLOWED_PACKET, METADATA_CHECKPOINT_INTERVAL,
                MEM_LIMIT, DATA_PARTITIONS, QUERY_MAX_CONCURRENCY, QUERY_MAX_QUEUE_SIZE, QUERY_QUEUE_TIMEOUT_MS,
                LOAD_CPU_SHARE, LABEL_KEEP_MAX_SECOND, GROUP_COMMIT_WAL_PATH,
                GROUP_COMMIT_MAX_WAL_NUM_PER_TABLE, GROUP_COMMIT_QUEUE_MEM_LIMIT, GROUP_COMMIT_ADAPTIVE_WINDOW_US,
                GROUP_COMMIT_PIPELINE_DEPTH,
                PLAN_CACHE_SIZE, INLINE_LOAD_MAX_BYTES, INLINE_ROWSETS_MEM_LIMIT, STREAMING_LOAD_MAX_MB,
                STREAMING_LOAD_JSON_MAX_MB, STREAMING_LOAD_CSV_LINE_MAX_MB, STREAMING_LOAD_DECODE_THREADS,
                STREAMING_LOAD_RECORD_BUFFER_MEM_LIMIT,
                WRITE_BUFFER_SIZE, STORAGE_PAGE_CACHE_LIMIT, HTTP_MAX_CONNECTIONS, STREAMING_LOAD_MAX_CONCURRENCY,
                ENABLE_GROUP_COMMIT_STREAMLOAD_BE_FORWARD, FILE_CACHE_CAPACITY_BYTES, FILE_CACHE_BLOCK_BYTES,
                FILE_CACHE_READ_AHEAD_BLOCKS, VAULT_RECYCLE_GRACE_SECONDS, VAULT_RECYCLE_INTERVAL_SECONDS);
    }
}
