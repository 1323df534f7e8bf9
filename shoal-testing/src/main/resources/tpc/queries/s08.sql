-- Not a TPC query (grouping sets): GROUPING SETS with the empty set, MIN/MAX of dates and money.
select
    o_orderpriority,
    o_orderstatus,
    count(*) as cnt,
    min(o_orderdate) as first_date,
    max(o_totalprice) as max_price
from
    orders
group by
    grouping sets ((o_orderpriority), (o_orderstatus), ())
order by
    o_orderpriority,
    o_orderstatus;
