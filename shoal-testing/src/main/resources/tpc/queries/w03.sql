-- w03 (ours): running total, 7-day moving average and the value a week before, over daily revenue (one window, no PARTITION BY)
select o_orderdate, daily,
       sum(daily) over (order by o_orderdate) as run_total,
       avg(daily) over (order by o_orderdate rows between 6 preceding and current row) as week_avg,
       lag(daily, 7, 0) over (order by o_orderdate) as week_ago
from (select o_orderdate, sum(o_totalprice) as daily from orders group by o_orderdate) d
order by o_orderdate
