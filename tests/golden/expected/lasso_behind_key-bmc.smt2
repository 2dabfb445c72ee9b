; --- q000001.smt2
; Atropos's answer: sat
(set-logic QF_BV)
; 
(set-info :status sat)
(declare-fun nondet_0 () (_ BitVec 32))
(assert
 (let (($x27 (or (and true (not (= nondet_0 (_ bv4242 32)))) (and true (= nondet_0 (_ bv4242 32))))))
 (or $x27)))
(assert
 (= nondet_0 (_ bv0 32)))
(check-sat)
; --- q000002.smt2
; Atropos's answer: unsat
(set-logic QF_ABV)
; 
(set-info :status unsat)
(declare-fun memory_initial () (Array (_ BitVec 64) (_ BitVec 8)))
(declare-fun nondet_0 () (_ BitVec 32))
(declare-fun uninitialized_zero () Bool)
(assert
 (let (($x27 (or (and true (not (= nondet_0 (_ bv4242 32)))) (and true (= nondet_0 (_ bv4242 32))))))
 (let (($x22 (and (and $x27 (= memory_initial memory_initial)) (= (_ bv0 32) (_ bv1 32)))))
 (or $x22))))
(assert
 uninitialized_zero)
(check-sat)
; --- q000003.smt2
; Atropos's answer: sat
(set-logic QF_BV)
; 
(set-info :status sat)
(declare-fun nondet_0 () (_ BitVec 32))
(assert
 (let (($x15 (= nondet_0 (_ bv4242 32))))
 (let (($x27 (or (and true (not $x15)) (and true $x15))))
 (let (($x34 (or (and $x27 (not $x15)) (and $x27 $x15))))
 (or $x34)))))
(assert
 (= nondet_0 (_ bv0 32)))
(check-sat)
