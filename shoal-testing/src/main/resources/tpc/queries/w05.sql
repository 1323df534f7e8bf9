-- w05 (ours): ROWS frames inside each order - a 3-line sliding sum, a running minimum, the whole order's maximum
select l_orderkey, l_linenumber, l_quantity,
       sum(l_quantity) over (partition by l_orderkey order by l_linenumber rows between 1 preceding and 1 following) as s3,
       min(l_extendedprice) over (partition by l_orderkey order by l_linenumber rows between unbounded preceding and current row) as running_min,
       max(l_discount) over (partition by l_orderkey) as max_disc,
       last_value(l_shipdate) over (partition by l_orderkey order by l_linenumber rows between current row and unbounded following) as last_ship
from lineitem
where l_orderkey < 60000
order by l_orderkey, l_linenumber
