package io.shoaldb.testing;

/** The seed documents' DDL, verbatim: ShoalDB must run it unchanged. */
final class SeedStatements {
    static final String CREATE_DT = """
            CREATE TABLE `dt` (
                `id` int(11) NOT NULL,
                `name` varchar(50) NULL,
                `score` int(11) NULL
            ) ENGINE=OLAP
            DUPLICATE KEY(`id`)
            DISTRIBUTED BY HASH(`id`) BUCKETS 1
            PROPERTIES (
                "replication_num" = "1",
                "group_commit_mode" = "async_mode"
            );""";

    static final String SHOW_CREATE_DT = """
            CREATE TABLE `dt` (
              `id` int(11) NOT NULL,
              `name` varchar(50) NULL,
              `score` int(11) NULL
            ) ENGINE=OLAP
            DUPLICATE KEY(`id`)
            DISTRIBUTED BY HASH(`id`) BUCKETS 1
            PROPERTIES (
            "replication_allocation" = "tag.location.default: 1",
            "storage_format" = "V2",
            "light_schema_change" = "true",
            "group_commit_mode" = "async_mode",
            "group_commit_interval_ms" = "10000",
            "group_commit_data_bytes" = "67108864"
            )""";

    static final String CREATE_LINEITEM = """
            CREATE TABLE IF NOT EXISTS lineitem (
                L_ORDERKEY    INTEGER NOT NULL,
                L_PARTKEY     INTEGER NOT NULL,
                L_SUPPKEY     INTEGER NOT NULL,
                L_LINENUMBER  INTEGER NOT NULL,
                L_QUANTITY    DECIMAL(15,2) NOT NULL,
                L_EXTENDEDPRICE  DECIMAL(15,2) NOT NULL,
                L_DISCOUNT    DECIMAL(15,2) NOT NULL,
                L_TAX         DECIMAL(15,2) NOT NULL,
                L_RETURNFLAG  CHAR(1) NOT NULL,
                L_LINESTATUS  CHAR(1) NOT NULL,
                L_SHIPDATE    DATE NOT NULL,
                L_COMMITDATE  DATE NOT NULL,
                L_RECEIPTDATE DATE NOT NULL,
                L_SHIPINSTRUCT CHAR(25) NOT NULL,
                L_SHIPMODE     CHAR(10) NOT NULL,
                L_COMMENT      VARCHAR(44) NOT NULL
              )
              DUPLICATE KEY(L_ORDERKEY, L_PARTKEY, L_SUPPKEY, L_LINENUMBER)
              DISTRIBUTED BY HASH(L_ORDERKEY) BUCKETS 32
              PROPERTIES (
                "replication_num" = "3"
              );""";

    /** The JDBC URL parameters of the seed's prepared-statement program. */
    static final String SEED_URL_PARAMS = "useServerPrepStmts=true&useLocalSessionState=true"
            + "&rewriteBatchedStatements=true&cachePrepStmts=true&prepStmtCacheSqlLimit=99999"
            + "&prepStmtCacheSize=500&sessionVariables=group_commit=async_mode";

    private SeedStatements() {
    }
}
