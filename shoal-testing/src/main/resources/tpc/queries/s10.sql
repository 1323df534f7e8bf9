-- Not a TPC query (set operations): EXCEPT over rows with NULLs (customers without a large order), which
-- set operations compare as equal.
select
    c_nationkey,
    o_orderstatus
from
    customer
    left join orders on c_custkey = o_custkey and o_totalprice > 400000
except
select
    c_nationkey,
    'F'
from
    customer
order by
    c_nationkey,
    o_orderstatus;
