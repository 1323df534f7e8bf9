-- sort (ours): a full ORDER BY without LIMIT - sorted per driver, then merged by the MERGE exchange
select l_orderkey, l_linenumber, l_extendedprice, l_shipdate
from lineitem
where l_shipdate >= date '1998-01-01'
order by l_extendedprice desc, l_orderkey, l_linenumber
