(declare-sort Loc 0)
(declare-const |main:6| Loc)
(declare-const |start| Loc)
(assert (distinct |main:6| |start|))

(define-fun cfg_init ( (pc Loc) (src Loc) (rel Bool) ) Bool
  (and (= pc src) rel))
(define-fun cfg_trans2 ( (pc Loc) (src Loc) (pc1 Loc) (dst Loc) (rel Bool) ) Bool
  (and (= pc src) (= pc1 dst) rel))

(define-fun init_main ( (pc Loc) (|n_4610| Int) (|i_4611| Int) (|i_1280| Int) (|n_256| Int) ) Bool
  (cfg_init pc |start| true))

(define-fun next_main ( (pc Loc) (|n_4610| Int) (|i_4611| Int) (|i_1280| Int) (|n_256| Int) (pc1 Loc) (|n_4610'| Int) (|i_4611'| Int) (|i_1280'| Int) (|n_256'| Int) ) Bool
  (or
    (cfg_trans2 pc |start| pc1 |main:6| true)
    (cfg_trans2 pc |main:6| pc1 |main:6| (exists ( (|t8_4868| Int) (|i_5380| Int) (|i_5892| Int) ) (and (and (>= |n_4610| (- 2147483648)) (<= |n_4610| 2147483647) (>= |i_4611| (- 2147483648)) (<= |i_4611| 2147483647) (>= |i_4611| 0) (<= |i_1280| 0) (>= |i_1280| 0) (>= (+ |i_4611| |i_1280|) 0) (<= |i_1280| 1) (<= |i_1280| |i_4611|) (>= |n_256| (- 2147483648)) (<= |n_256| 2147483647) (not (<= |n_4610| |i_4611|)) (= |t8_4868| 1) (>= |t8_4868| 0) (<= |t8_4868| 1) (= |i_5380| (+ |i_4611| 1)) (>= |i_5380| (- 2147483648)) (<= |i_5380| 2147483647) (= |i_5892| |i_5380|) (>= |i_5892| (- 2147483648)) (<= |i_5892| 2147483647)) (= |n_4610'| |n_4610|) (= |i_4611'| |i_5892|) (= |i_1280'| |i_1280|) (= |n_256'| |n_256|))))
  )
)
