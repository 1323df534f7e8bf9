-- Not a TPC query (set operations): a UNION feeding a join and an aggregation.
select
    n_name,
    count(*) as cnt
from (
    select c_nationkey as nk, c_mktsegment as kind from customer where c_acctbal < 0
    union
    select s_nationkey, 'SUPPLIER' from supplier where s_acctbal < 0
) k
    join nation on nk = n_nationkey
group by
    n_name
order by
    n_name;
