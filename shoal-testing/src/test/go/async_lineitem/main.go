// The seed's Go client-side batching program (Doris "Group Commit", "Golang 클라이언트에서 배치 처리"),
// made bounded for a test: each of -threads goroutines runs -iterations INSERTs of -batch rows (16 columns,
// one multi-VALUES INSERT with placeholders, go-sql-driver/mysql) into async_lineitem, then the program
// prints the acknowledged rows and exits (status 1 if any INSERT failed). Host, port, database and extra DSN
// parameters (e.g. group_commit=async_mode) come from flags; everything else is the seed's.
package main

import (
	"database/sql"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/go-sql-driver/mysql"
)

var (
	host       = flag.String("host", "127.0.0.1", "server host")
	port       = flag.Int("port", 9030, "MySQL-protocol port")
	db         = flag.String("db", "test", "database")
	user       = flag.String("user", "root", "user")
	password   = flag.String("password", "", "password")
	table      = flag.String("table", "async_lineitem", "table")
	params     = flag.String("params", "", "extra DSN parameters, e.g. group_commit=async_mode")
	threads    = flag.Int("threads", 20, "goroutines")
	batchSize  = flag.Int("batch", 100, "rows per INSERT")
	iterations = flag.Int("iterations", 10, "INSERTs per goroutine")
)

var totalInsertedRows int64
var rowsInsertedLastSecond int64
var failedInserts int64

func main() {
	flag.Parse()
	dbDSN := fmt.Sprintf("%s:%s@tcp(%s:%d)/%s?parseTime=true", *user, *password, *host, *port, *db)
	if *params != "" {
		dbDSN += "&" + *params
	}
	db, err := sql.Open("mysql", dbDSN)
	if err != nil {
		fmt.Printf("Error opening database: %s\n", err)
		os.Exit(2)
	}
	defer db.Close()

	start := time.Now()
	done := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < *threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			groupCommitInsertBatch(db)
		}()
	}

	go logInsertStatistics(done)

	wg.Wait()
	close(done)
	elapsed := time.Since(start).Seconds()
	total := atomic.LoadInt64(&totalInsertedRows)
	fmt.Printf("acknowledged rows: %d\n", total)
	fmt.Printf("failed inserts: %d\n", atomic.LoadInt64(&failedInserts))
	fmt.Printf("rows/s: %.0f\n", float64(total)/elapsed)
	if atomic.LoadInt64(&failedInserts) > 0 {
		os.Exit(1)
	}
}

func groupCommitInsertBatch(db *sql.DB) {
	for n := 0; n < *iterations; n++ {
		valueStrings := make([]string, 0, *batchSize)
		valueArgs := make([]interface{}, 0, *batchSize*16)
		for i := 0; i < *batchSize; i++ {
			valueStrings = append(valueStrings, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			valueArgs = append(valueArgs, rand.Intn(1000))
			valueArgs = append(valueArgs, rand.Intn(1000))
			valueArgs = append(valueArgs, rand.Intn(1000))
			valueArgs = append(valueArgs, rand.Intn(1000))
			valueArgs = append(valueArgs, sql.NullFloat64{Float64: 1.0, Valid: true})
			valueArgs = append(valueArgs, sql.NullFloat64{Float64: 1.0, Valid: true})
			valueArgs = append(valueArgs, sql.NullFloat64{Float64: 1.0, Valid: true})
			valueArgs = append(valueArgs, sql.NullFloat64{Float64: 1.0, Valid: true})
			valueArgs = append(valueArgs, "N")
			valueArgs = append(valueArgs, "O")
			valueArgs = append(valueArgs, time.Now())
			valueArgs = append(valueArgs, time.Now())
			valueArgs = append(valueArgs, time.Now())
			valueArgs = append(valueArgs, "DELIVER IN PERSON")
			valueArgs = append(valueArgs, "SHIP")
			valueArgs = append(valueArgs, "N/A")
		}
		stmt := fmt.Sprintf("INSERT INTO %s VALUES %s",
			*table, strings.Join(valueStrings, ","))
		_, err := db.Exec(stmt, valueArgs...)
		if err != nil {
			fmt.Printf("Error executing batch: %s\n", err)
			atomic.AddInt64(&failedInserts, 1)
			return
		}
		atomic.AddInt64(&rowsInsertedLastSecond, int64(*batchSize))
		atomic.AddInt64(&totalInsertedRows, int64(*batchSize))
	}
}

func logInsertStatistics(done chan struct{}) {
	ticker := time.NewTicker(1 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-done:
			return
		case <-ticker.C:
			fmt.Printf("Total inserted rows: %d\n", atomic.LoadInt64(&totalInsertedRows))
			fmt.Printf("Rows inserted in the last second: %d\n", atomic.SwapInt64(&rowsInsertedLastSecond, 0))
		}
	}
}
