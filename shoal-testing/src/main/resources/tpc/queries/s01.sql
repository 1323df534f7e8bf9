-- Not a TPC query (set operations): UNION ALL of two lineitem slices, aggregated; the branches scan in parallel
-- and the partial aggregation runs on every branch driver.
select
    l_returnflag,
    count(*) as cnt,
    sum(l_quantity) as qty,
    sum(l_extendedprice) as price
from (
    select l_returnflag, l_quantity, l_extendedprice from lineitem where l_shipdate < date '1994-01-01'
    union all
    select l_returnflag, l_quantity, l_extendedprice from lineitem where l_discount > 0.05
) t
group by
    l_returnflag
order by
    l_returnflag;
