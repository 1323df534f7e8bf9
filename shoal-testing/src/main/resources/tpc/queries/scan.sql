-- Not a TPC query: a full scan of lineitem's largest numeric column, the floor under every TPC-H time.
select
    sum(l_extendedprice)
from
    lineitem;
