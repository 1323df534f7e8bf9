-- w02 (ours): ranking functions with ties - suppliers by account balance within their nation (a window over a join)
select n_name, s_suppkey, s_acctbal,
       rank() over (partition by n_name order by s_acctbal desc) as r,
       dense_rank() over (partition by n_name order by s_acctbal desc) as dr,
       ntile(4) over (partition by n_name order by s_acctbal desc, s_suppkey) as quartile,
       cume_dist() over (partition by n_name order by s_acctbal desc) as cd,
       percent_rank() over (partition by n_name order by s_acctbal desc) as pr
from supplier join nation on s_nationkey = n_nationkey
order by n_name, s_acctbal desc, s_suppkey
