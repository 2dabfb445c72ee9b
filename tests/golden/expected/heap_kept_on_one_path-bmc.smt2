; --- q000001.smt2
; Atropos's answer: sat
(set-logic QF_BV)
; 
(set-info :status sat)
(declare-fun nondet_0 () (_ BitVec 32))
(declare-fun uninitialized_zero () Bool)
(assert
 (let (($x27 (= nondet_0 (_ bv31337 32))))
 (let (($x28 (and (or (and true (not $x27)) (and true $x27)) $x27)))
 (or $x28))))
(assert
 uninitialized_zero)
(assert
 (= uninitialized_zero true))
(assert
 (= nondet_0 (_ bv31337 32)))
(check-sat)
