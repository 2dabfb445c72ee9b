(declare-sort Loc 0)
(declare-const |run:10| Loc)
(declare-const |start| Loc)
(assert (distinct |run:10| |start|))

(define-fun cfg_init ( (pc Loc) (src Loc) (rel Bool) ) Bool
  (and (= pc src) rel))
(define-fun cfg_trans2 ( (pc Loc) (src Loc) (pc1 Loc) (dst Loc) (rel Bool) ) Bool
  (and (= pc src) (= pc1 dst) rel))

(define-fun init_main ( (pc Loc) (|stored_5122| Int) (|g_counter_end_1| Int) (|g_counter_0| Int) (|t0_2| Int) (|start_258| Int) (|t2_end_771| Int) (|t2_770| Int) (|t3_1026| Int) (|t5_1538| Int) ) Bool
  (cfg_init pc |start| true))

(define-fun next_main ( (pc Loc) (|stored_5122| Int) (|g_counter_end_1| Int) (|g_counter_0| Int) (|t0_2| Int) (|start_258| Int) (|t2_end_771| Int) (|t2_770| Int) (|t3_1026| Int) (|t5_1538| Int) (pc1 Loc) (|stored_5122'| Int) (|g_counter_end_1'| Int) (|g_counter_0'| Int) (|t0_2'| Int) (|start_258'| Int) (|t2_end_771'| Int) (|t2_770'| Int) (|t3_1026'| Int) (|t5_1538'| Int) ) Bool
  (or
    (cfg_trans2 pc |start| pc1 |run:10| true)
    (cfg_trans2 pc |run:10| pc1 |run:10| (exists ( (|t8_5123| Int) (|t9_5379| Int) (|t10_5635| Int) (|t0_6403| Int) (|t1_6659| Int) (|t2_6915| Int) ) (and (and (>= |stored_5122| (- 2147483648)) (<= |stored_5122| 2147483647) (<= |g_counter_end_1| (+ 7 |g_counter_0|)) (>= |g_counter_end_1| (+ 7 |g_counter_0|)) (<= |t0_2| 2147483647) (>= |t0_2| 0) (<= |start_258| |t0_2|) (>= |start_258| |t0_2|) (>= |start_258| 0) (<= |start_258| 4294967295) (<= |t2_end_771| (+ 3 |t2_770|)) (>= |t2_end_771| (+ 3 |t2_770|)) (<= |t3_1026| |t2_770|) (>= |t3_1026| |t2_770|) (>= |t3_1026| 0) (<= |t3_1026| 18446744073709551615) (<= |t5_1538| |t3_1026|) (>= |t5_1538| |t3_1026|) (>= |t5_1538| 0) (<= |t5_1538| 18446744073709551615) (>= |g_counter_0| 1) (<= |g_counter_0| |g_counter_end_1|) (not (<= 18446744073709551615 |g_counter_end_1|)) (>= |t2_770| 1) (<= |t2_770| |t2_end_771|) (not (<= 18446744073709551615 |t2_end_771|)) (<= |g_counter_0| (+ (- 7) |g_counter_end_1|)) (<= |t2_770| |t5_1538|) (<= |t5_1538| (+ (- 3) |t2_end_771|)) (>= |stored_5122| 0) (<= |stored_5122| |start_258|) (>= (+ |stored_5122| |start_258|) 0) (>= (+ |stored_5122| |t3_1026|) 0) (>= (+ |start_258| |t3_1026|) 0) (>= (+ |start_258| |stored_5122|) 0) (>= |t2_770| 0) (not (<= |t2_end_771| |t2_770|)) (>= |t2_end_771| 0) (>= |t2_end_771| 1) (>= |t2_end_771| 3) (>= |t3_1026| 1) (>= (+ |t3_1026| |stored_5122|) 0) (<= |g_counter_end_1| (- (+ |g_counter_0| 8) 1)) (>= |g_counter_end_1| (- (+ |g_counter_0| 8) 1)) (<= |t2_end_771| (- (+ |t2_770| 4) 1)) (>= |t2_end_771| (- (+ |t2_770| 4) 1)) (< |g_counter_end_1| 18446744073709551615) (< |t2_end_771| 18446744073709551615) (<= |g_counter_0| |g_counter_0|) (<= (- (+ |g_counter_0| 8) 1) |g_counter_end_1|) (<= |t2_770| |t2_770|) (<= (- (+ |t2_770| 4) 1) |t2_end_771|) (= |t8_5123| |t3_1026|) (>= |t8_5123| 0) (<= |t8_5123| 18446744073709551615) (= |t9_5379| |stored_5122|) (>= |t9_5379| (- 2147483648)) (<= |t9_5379| 2147483647) (not (<= |t9_5379| 0)) (= |t10_5635| 1) (>= |t10_5635| 0) (<= |t10_5635| 1) (= |t0_6403| |t3_1026|) (>= |t0_6403| 0) (<= |t0_6403| 18446744073709551615) (= |t1_6659| |stored_5122|) (>= |t1_6659| (- 2147483648)) (<= |t1_6659| 2147483647) (= |t2_6915| (+ |t1_6659| (- 1))) (>= |t2_6915| (- 2147483648)) (<= |t2_6915| 2147483647) (<= |t2_770| |t0_6403|) (<= (- (+ |t0_6403| 4) 1) |t2_end_771|)) (= |stored_5122'| |t2_6915|) (= |g_counter_end_1'| |g_counter_end_1|) (= |g_counter_0'| |g_counter_0|) (= |t0_2'| |t0_2|) (= |start_258'| |start_258|) (= |t2_end_771'| |t2_end_771|) (= |t2_770'| |t2_770|) (= |t3_1026'| |t3_1026|) (= |t5_1538'| |t5_1538|))))
  )
)
