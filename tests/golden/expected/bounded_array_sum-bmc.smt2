; --- q000001.smt2
; Atropos's answer: sat
(set-logic QF_BV)
; 
(set-info :status sat)
(declare-fun initial_2 () (_ BitVec 8))
(declare-fun uninitialized_zero () Bool)
(declare-fun initial_3 () (_ BitVec 8))
(declare-fun initial_4 () (_ BitVec 8))
(declare-fun initial_5 () (_ BitVec 8))
(declare-fun nondet_0 () (_ BitVec 32))
(declare-fun nondet_1 () (_ BitVec 32))
(assert
 (let (($x53 (= initial_2 (_ bv0 8))))
 (=> uninitialized_zero $x53)))
(assert
 (let (($x59 (= initial_3 (_ bv0 8))))
 (=> uninitialized_zero $x59)))
(assert
 (let (($x62 (= initial_4 (_ bv0 8))))
 (=> uninitialized_zero $x62)))
(assert
 (let (($x69 (= initial_5 (_ bv0 8))))
 (=> uninitialized_zero $x69)))
(assert
 (let (($x29 (bvsle nondet_0 (_ bv0 32))))
 (let (($x35 (not $x29)))
 (let (($x31 (and (and true (bvsle (_ bv0 32) nondet_0)) (bvsle nondet_0 (_ bv10 32)))))
 (let (($x51 (and (and $x31 $x29) $x35)))
 (let (($x38 (bvsle (_ bv4294966296 32) nondet_1)))
 (let (($x32 (and $x31 $x35)))
 (let (($x43 (and $x32 $x38)))
 (let (($x47 (or (and $x43 (bvsle nondet_1 (_ bv1000 32))) (or (and $x32 (not $x38)) (and $x43 (not (bvsle nondet_1 (_ bv1000 32))))))))
 (or $x47 $x51))))))))))
(assert
 (= nondet_0 (_ bv8 32)))
(assert
 (= nondet_1 (_ bv1073742332 32)))
(assert
 (= initial_5 (_ bv0 8)))
(assert
 (= uninitialized_zero false))
(assert
 (= initial_4 (_ bv0 8)))
(assert
 (= initial_3 (_ bv0 8)))
(assert
 (= initial_2 (_ bv0 8)))
(check-sat)
; --- q000002.smt2
; Atropos's answer: unsat
(set-logic QF_BV)
; 
(set-info :status unsat)
(declare-fun initial_3 () (_ BitVec 8))
(declare-fun uninitialized_zero () Bool)
(declare-fun initial_4 () (_ BitVec 8))
(declare-fun initial_5 () (_ BitVec 8))
(declare-fun initial_6 () (_ BitVec 8))
(declare-fun initial_7 () (_ BitVec 8))
(declare-fun initial_8 () (_ BitVec 8))
(declare-fun initial_9 () (_ BitVec 8))
(declare-fun initial_10 () (_ BitVec 8))
(declare-fun nondet_1 () (_ BitVec 32))
(declare-fun nondet_0 () (_ BitVec 32))
(assert
 (=> uninitialized_zero (= initial_3 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_4 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_5 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_6 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_7 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_8 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_9 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_10 (_ bv0 8))))
(assert
 (let (($x44 (bvsle nondet_1 (_ bv1000 32))))
 (let (($x38 (bvsle (_ bv4294966296 32) nondet_1)))
 (let (($x29 (bvsle nondet_0 (_ bv0 32))))
 (let (($x35 (not $x29)))
 (let (($x26 (bvsle nondet_0 (_ bv10 32))))
 (let (($x20 (bvsle (_ bv0 32) nondet_0)))
 (let (($x113 (and $x20 $x26 $x35 $x38 $x44)))
 (let (($x66 (bvsle nondet_0 (_ bv1 32))))
 (let (($x116 (or $x113 (and $x20 $x26 $x35 (not $x38)) (and $x20 $x26 $x35 $x38 (not $x44)))))
 (let (($x117 (and $x116 $x66)))
 (let ((?x138 (ite $x117 (ite $x113 ((_ extract 7 0) nondet_1) (_ bv0 8)) initial_3)))
 (let ((?x133 (ite $x117 (ite $x113 ((_ extract 15 8) nondet_1) (_ bv0 8)) initial_4)))
 (let ((?x128 (ite $x117 (ite $x113 ((_ extract 23 16) nondet_1) (_ bv0 8)) initial_5)))
 (let ((?x123 (ite $x117 (ite $x113 ((_ extract 31 24) nondet_1) (_ bv0 8)) initial_6)))
 (let ((?x139 (concat ?x123 ?x128 ?x133 ?x138)))
 (let ((?x124 (bvadd ?x139 (concat initial_10 initial_9 initial_8 initial_7))))
 (let ((?x176 (concat ((_ extract 7 7) initial_10) initial_10 initial_9 initial_8 initial_7)))
 (let ((?x172 (concat (ite $x117 (ite $x113 ((_ extract 31 31) nondet_1) (_ bv0 1)) ((_ extract 7 7) initial_6)) ?x123 ?x128 ?x133 ?x138)))
 (let (($x181 (not (= (bvadd ?x172 ?x176) (concat ((_ extract 31 31) ?x124) ?x124)))))
 (let (($x68 (not $x66)))
 (let (($x37 (or (and (and (and (and true $x20) $x26) $x35) (not $x38)) (and (and (and (and (and true $x20) $x26) $x35) $x38) (not $x44)))))
 (let (($x47 (or (and (and (and (and (and true $x20) $x26) $x35) $x38) $x44) $x37)))
 (let (($x109 (or (and (and (and true $x20) $x26) $x29) (and $x47 $x66))))
 (let (($x57 (and $x109 $x35)))
 (let (($x140 (and $x57 $x68)))
 (let (($x160 (and $x140 $x181)))
 (or $x160))))))))))))))))))))))))))))
(assert
 uninitialized_zero)
(check-sat)
; --- q000003.smt2
; Atropos's answer: sat
(set-logic QF_BV)
; 
(set-info :status sat)
(declare-fun initial_3 () (_ BitVec 8))
(declare-fun uninitialized_zero () Bool)
(declare-fun initial_4 () (_ BitVec 8))
(declare-fun initial_5 () (_ BitVec 8))
(declare-fun initial_6 () (_ BitVec 8))
(declare-fun initial_7 () (_ BitVec 8))
(declare-fun initial_8 () (_ BitVec 8))
(declare-fun initial_9 () (_ BitVec 8))
(declare-fun initial_10 () (_ BitVec 8))
(declare-fun nondet_1 () (_ BitVec 32))
(declare-fun nondet_0 () (_ BitVec 32))
(declare-fun nondet_2 () (_ BitVec 32))
(assert
 (=> uninitialized_zero (= initial_3 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_4 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_5 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_6 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_7 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_8 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_9 (_ bv0 8))))
(assert
 (=> uninitialized_zero (= initial_10 (_ bv0 8))))
(assert
 (let (($x44 (bvsle nondet_1 (_ bv1000 32))))
 (let (($x38 (bvsle (_ bv4294966296 32) nondet_1)))
 (let (($x29 (bvsle nondet_0 (_ bv0 32))))
 (let (($x35 (not $x29)))
 (let (($x26 (bvsle nondet_0 (_ bv10 32))))
 (let (($x20 (bvsle (_ bv0 32) nondet_0)))
 (let (($x113 (and $x20 $x26 $x35 $x38 $x44)))
 (let (($x66 (bvsle nondet_0 (_ bv1 32))))
 (let (($x116 (or $x113 (and $x20 $x26 $x35 (not $x38)) (and $x20 $x26 $x35 $x38 (not $x44)))))
 (let (($x117 (and $x116 $x66)))
 (let ((?x138 (ite $x117 (ite $x113 ((_ extract 7 0) nondet_1) (_ bv0 8)) initial_3)))
 (let ((?x133 (ite $x117 (ite $x113 ((_ extract 15 8) nondet_1) (_ bv0 8)) initial_4)))
 (let ((?x128 (ite $x117 (ite $x113 ((_ extract 23 16) nondet_1) (_ bv0 8)) initial_5)))
 (let ((?x123 (ite $x117 (ite $x113 ((_ extract 31 24) nondet_1) (_ bv0 8)) initial_6)))
 (let ((?x139 (concat ?x123 ?x128 ?x133 ?x138)))
 (let ((?x124 (bvadd ?x139 (concat initial_10 initial_9 initial_8 initial_7))))
 (let ((?x176 (concat ((_ extract 7 7) initial_10) initial_10 initial_9 initial_8 initial_7)))
 (let ((?x172 (concat (ite $x117 (ite $x113 ((_ extract 31 31) nondet_1) (_ bv0 1)) ((_ extract 7 7) initial_6)) ?x123 ?x128 ?x133 ?x138)))
 (let (($x181 (not (= (bvadd ?x172 ?x176) (concat ((_ extract 31 31) ?x124) ?x124)))))
 (let (($x68 (not $x66)))
 (let (($x37 (or (and (and (and (and true $x20) $x26) $x35) (not $x38)) (and (and (and (and (and true $x20) $x26) $x35) $x38) (not $x44)))))
 (let (($x47 (or (and (and (and (and (and true $x20) $x26) $x35) $x38) $x44) $x37)))
 (let (($x109 (or (and (and (and true $x20) $x26) $x29) (and $x47 $x66))))
 (let (($x57 (and $x109 $x35)))
 (let (($x140 (and $x57 $x68)))
 (let (($x164 (and $x140 (not $x181))))
 (let (($x69 (bvsle (_ bv4294966296 32) nondet_2)))
 (let (($x65 (and $x47 $x68)))
 (let (($x75 (and $x65 $x69)))
 (let (($x78 (or (and $x75 (bvsle nondet_2 (_ bv1000 32))) (or (and $x65 (not $x69)) (and $x75 (not (bvsle nondet_2 (_ bv1000 32))))))))
 (or $x78 $x164))))))))))))))))))))))))))))))))
(assert
 (= initial_7 (_ bv255 8)))
(assert
 (= initial_8 (_ bv255 8)))
(assert
 (= initial_9 (_ bv255 8)))
(assert
 (= initial_10 (_ bv255 8)))
(assert
 (= initial_3 (_ bv255 8)))
(assert
 (= nondet_1 (_ bv301 32)))
(assert
 (= nondet_0 (_ bv8 32)))
(assert
 (= initial_4 (_ bv255 8)))
(assert
 (= initial_5 (_ bv255 8)))
(assert
 (= initial_6 (_ bv255 8)))
(assert
 (= nondet_2 (_ bv1073742316 32)))
(assert
 (= uninitialized_zero false))
(check-sat)
