"""Co-op QWOP: one complete 8-player match with fixed submissions, worked out by hand.

Seed 000 and rulings Q1-Q14, with the rules page's recorded decisions. The engine is driven the way
the platform drives it (setup, pregame actions, resolve the pregame, then five rounds of
validate_submission -> default_submission -> resolve), and every expected number below was worked
out by hand from the rules; nothing here recomputes the engine's logic.

Players are seats 0-7 (Ada, Bo, Cy, Di, Ed, Flo, Gus, Hal). An athlete is named by its pair of
controllers (i, j), i < j; its public number is random and is only looked up.

Units: decimetres everywhere (Q3): QQ +5, QW -5, QO +7, QP +10, WW +15, WO -2, WP -7, OO 0, OP +20,
PP falls.


HOW THE CARDS WERE PLANNED
==========================
Every player plays the same multiset of cards each round (only the athletes they go on differ), so
every player spends exactly 8 Q, 8 W, 8 O, 8 P and 3 X, and never an X in round 5:

    round 1: Q Q W O O P X      round 2: Q Q W W O P P      round 3: Q W W O P P X
    round 4: Q W W O O P X      round 5: Q Q W O O P P      total:   8 Q, 8 W, 8 O, 8 P, 3 X

The 28 athletes are split into the 7 perfect matchings of a round-robin (player 7 fixed, the others
rotated mod 7):

    F0: 07 16 25 34   F1: 17 02 36 45   F2: 27 13 04 56   F3: 37 24 15 06
    F4: 47 35 26 01   F5: 57 46 03 12   F6: 67 05 14 23

Each round one matching gets a doubled letter (both controllers play it) and the other six are
joined in three pairs of matchings; two matchings together form cycles through all 8 players, and
going round a cycle each player plays letter a on the athlete ahead and letter b on the one behind,
so each player plays one a and one b and every athlete of the pair gets {a, b}:

    round 1: F0 XX,  F1+F2 QO,  F3+F4 QP,  F5+F6 WO
    round 2: F3 PP,  F0+F4 QW,  F1+F5 WP,  F2+F6 QO
    round 3: F1 WW,  F3+F5 XP,  F0+F2 WO,  F4+F6 QP
    round 4: F5 WW,  F0+F6 XQ,  F1+F3 OP,  F2+F4 WO
    round 5: F4 OO,  F0+F3 OP,  F1+F6 QP,  F2+F5 QW

Then three same-round swaps of one player's cards between two of their athletes (counts unchanged):
    Bo (1), round 3: O on 13 <-> P on 14     (13 becomes PW, 14 becomes OQ)
    Ed (4), round 3: O on 04 <-> P on 46     (04 becomes WP, 46 becomes OX)
    Di (3), round 1: Q on 36 <-> P on 37     (36 becomes PO, 37 becomes QQ)
test_the_planned_cards_spend_every_hand checks the counts of the resulting table.

Declarations (free, chosen per player) make the X athletes differ from one another.


THE RACES AFTER THE PREGAME
===========================
    three-legged (2):  06 + 17 (one pair, 4 distinct controllers)
    marathon (5):      13, 27, 56, 35, 05
    middle race (5):   04, 25, 26, 45, 46
    100m dash (16):    the other 16
The pregame also has a change of mind (13 goes to the middle race, then to the marathon), a
three-legged pair 27 + 56 that is broken up again (27 to the marathon sends 56 back to the dash,
then 56 moves to the marathon), a declined proposal (01 stays in the dash) and one still pending at
the deadline (47 to the middle race, which lapses).
"""

from __future__ import annotations

from collections import Counter

import pytest

from games import engine_api as api
from games.coop_qwop.engine import ENGINE, pregame

SEED = 20240607
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
DASH, MARATHON, MIDDLE, THREE = "dash", "marathon", "middle", "three_legged"

# ---------------------------------------------------------------------------------------------
# The submissions. For each athlete (i, j): five rounds, each two letters = i's card, then j's.
# ---------------------------------------------------------------------------------------------
CARDS = {
    (0, 1): "PQ QW PQ OW OO",
    (0, 2): "QO PW WW PO QP",
    (0, 3): "WO WP PX WW WQ",
    (0, 4): "OQ OQ WP WO QW",
    (0, 5): "OW QO QP XQ PQ",
    (0, 6): "QP PP XP OP OP",
    (0, 7): "XX WQ OW QX PO",
    (1, 2): "OW WP PX WW WQ",
    (1, 3): "QO OQ PW OW QW",
    (1, 4): "WO QO OQ QX QP",
    (1, 5): "PQ PP XP OP OP",
    (1, 6): "XX QW WO XQ PO",
    (1, 7): "OQ PW WW PO PQ",
    (2, 3): "OW QO PQ XQ QP",
    (2, 4): "QP PP PX PO OP",
    (2, 5): "XX QW OW QX PO",
    (2, 6): "PQ WQ QP WO OO",
    (2, 7): "QO OQ WO OW WQ",
    (3, 4): "XX QW OW XQ PO",
    (3, 5): "QP WQ PQ OW OO",
    (3, 6): "PO WP WW PO QP",
    (3, 7): "QQ PP PX OP OP",
    (4, 5): "OQ WP WW PO QP",
    (4, 6): "WO PW OX WW QW",
    (4, 7): "QP QW PQ WO OO",
    (5, 6): "OQ QO OW OW WQ",
    (5, 7): "OW WP XP WW QW",
    (6, 7): "WO QO QP XQ QP",
}

# Declarations owed in round n for an X played in round n-1: {round: {(i, j): {seat: letter}}}.
# Not owed (Q5: an X on a fallen athlete is spent with no effect): the round-3 X of Bo on 15,
# of Ed on 24 and of Hal on 37, all three down in round 3 after their round-2 PP.
DECLARE = {
    2: {(0, 7): {0: "O", 7: "P"}, (1, 6): {1: "P", 6: "P"}, (2, 5): {2: "O", 5: "O"}, (3, 4): {3: "Q", 4: "Q"}},
    4: {(0, 3): {3: "P"}, (1, 2): {2: "W"}, (4, 6): {6: "W"}, (5, 7): {5: "O"}, (0, 6): {0: "Q"}},
    5: {
        (0, 5): {0: "Q"},
        (0, 7): {7: "P"},
        (1, 4): {4: "O"},
        (1, 6): {1: "W"},
        (2, 3): {2: "P"},
        (2, 5): {5: "O"},
        (3, 4): {3: "Q"},
        (6, 7): {6: "W"},
    },
}

# ---------------------------------------------------------------------------------------------
# Hand working, athlete by athlete. "d:" = the deferred movement of last round's X (processed
# first, counted in this round, Q5); "own" = this round's cards. Values in decimetres.
# ---------------------------------------------------------------------------------------------
#  (0,1) dash  QP +10 | QW -5 | QP +10 | WO -2 | OO 0                                     = 13
#  (0,2) dash  QO +7  | WP -7 | WW +15 | OP +20 | QP +10                                  = 45
#  (0,3) dash  WO -2  | WP -7 | P+X: waits, 0 | d: P + Di's P = PP (falls), own WW +15 = +15
#              | down in round 5 (WQ spent), 0                                           = 6
#  (0,4) mid   QO +7  | QO +7 | WP -7 (Ed's swap) | WO -2 | QW -5                         = 0
#  (0,5) mar   WO -2  | QO +7 | QP +10 | X+Q: waits, 0 | d: Ada's Q + Q = QQ +5, own QP +10 = +15
#                                                                                        = 30
#  (0,6)+(1,7) three-legged, both partners move alike (Q8):
#        r1: 06 has Q P, 17 has O Q: common Q, left P + O = OP              +20
#        r2: 06 has P P, 17 has P W: common P, left P + W = WP (no fall:
#            the moving pair is not PP)                                     -7
#        r3: 06 has X P: the pair waits                                      0
#        r4: d: 06 Q(Ada's X) P, 17 W W: no common letter, 0;
#            own: 06 O P, 17 P O: the same two cards, OP +20                +20
#        r5: 06 has O P, 17 has P Q: common P, left O + Q = QO               +7   = 40 each
#  (0,7) dash  XX: waits, 0 | d: O + P = OP +20, own WQ -5 = +15 | WO -2 | Q+X: waits, 0
#              | d: Ada's Q + Hal's P = QP +10, own OP +20 = +30                         = 43
#  (1,2) dash  WO -2  | WP -7 | P+X: waits, 0 | d: Bo's P + W = WP -7, own WW +15 = +8 | QW -5
#                                                                                        = -6
#  (1,3) mar   QO +7  | QO +7 | WP -7 (Bo's swap) | WO -2 | QW -5                         = 0
#  (1,4) dash  WO -2  | QO +7 | QO +7 (Bo's swap) | Q+X: waits, 0
#              | d: Bo's Q + O = QO +7, own QP +10 = +17                                 = 29
#  (1,5) dash  QP +10 | PP falls, 0 | down (X+P spent, no declaration), 0 | OP +20 | OP +20 = 50
#  (1,6) dash  XX: waits, 0 | d: P + P = PP (falls), own QW -5 = -5 | down (WO spent), 0
#              | X+Q: waits, 0 | d: W + Gus's Q = QW -5, own OP +20 = +15                = 10
#  (2,3) dash  WO -2  | QO +7 | QP +10 | X+Q: waits, 0 | d: P + Di's Q = QP +10, own QP +10 = +20
#                                                                                        = 35
#  (2,4) dash  QP +10 | PP falls, 0 | down (P+X spent), 0 | OP +20 | OP +20               = 50
#  (2,5) mid   XX: waits, 0 | d: O + O = OO 0, own QW -5 = -5 | WO -2 | Q+X: waits, 0
#              | d: Cy's Q + O = QO +7, own OP +20 = +27                                 = 20
#  (2,6) mid   QP +10 | QW -5 | QP +10 | WO -2 | OO 0                                     = 13
#  (2,7) mar   QO +7  | QO +7 | WO -2 | WO -2 | QW -5                                     = 5
#  (3,4) dash  XX: waits, 0 | d: Q + Q = QQ +5, own QW -5 = 0 | WO -2 | X+Q: waits, 0
#              | d: Q + Ed's Q = QQ +5, own OP +20 = +25                                 = 23
#  (3,5) mar   QP +10 | QW -5 | QP +10 | WO -2 | OO 0                                     = 13
#  (3,6) dash  OP +20 (Di's swap) | WP -7 | WW +15 | OP +20 | QP +10                      = 58
#  (3,7) dash  QQ +5 (Di's swap) | PP falls, 0 | down (P+X spent), 0 | OP +20 | OP +20    = 45
#  (4,5) mid   QO +7  | WP -7 | WW +15 | OP +20 | QP +10                                  = 45
#  (4,6) mid   WO -2  | WP -7 | O+X (Ed's swap): waits, 0 | d: Ed's O + W = WO -2, own WW +15
#              = +13 | QW -5                                                             = -1
#  (4,7) dash  QP +10 | QW -5 | QP +10 | WO -2 | OO 0                                     = 13
#  (5,6) mar   QO +7  | QO +7 | WO -2 | WO -2 | QW -5                                     = 5
#  (5,7) dash  WO -2  | WP -7 | X+P: waits, 0 | d: O + Hal's P = OP +20, own WW +15 = +35 | QW -5
#                                                                                        = 21
#  (6,7) dash  WO -2  | QO +7 | QP +10 | X+Q: waits, 0 | d: W + Hal's Q = QW -5, own QP +10 = +5
#                                                                                        = 20
MOVES = {
    (0, 1): [10, -5, 10, -2, 0],
    (0, 2): [7, -7, 15, 20, 10],
    (0, 3): [-2, -7, 0, 15, 0],
    (0, 4): [7, 7, -7, -2, -5],
    (0, 5): [-2, 7, 10, 0, 15],
    (0, 6): [20, -7, 0, 20, 7],
    (0, 7): [0, 15, -2, 0, 30],
    (1, 2): [-2, -7, 0, 8, -5],
    (1, 3): [7, 7, -7, -2, -5],
    (1, 4): [-2, 7, 7, 0, 17],
    (1, 5): [10, 0, 0, 20, 20],
    (1, 6): [0, -5, 0, 0, 15],
    (1, 7): [20, -7, 0, 20, 7],
    (2, 3): [-2, 7, 10, 0, 20],
    (2, 4): [10, 0, 0, 20, 20],
    (2, 5): [0, -5, -2, 0, 27],
    (2, 6): [10, -5, 10, -2, 0],
    (2, 7): [7, 7, -2, -2, -5],
    (3, 4): [0, 0, -2, 0, 25],
    (3, 5): [10, -5, 10, -2, 0],
    (3, 6): [20, -7, 15, 20, 10],
    (3, 7): [5, 0, 0, 20, 20],
    (4, 5): [7, -7, 15, 20, 10],
    (4, 6): [-2, -7, 0, 13, -5],
    (4, 7): [10, -5, 10, -2, 0],
    (5, 6): [7, 7, -2, -2, -5],
    (5, 7): [-2, -7, 0, 35, -5],
    (6, 7): [-2, 7, 10, 0, 5],
}
DISTANCE = {
    (0, 1): 13,
    (0, 2): 45,
    (0, 3): 6,
    (0, 4): 0,
    (0, 5): 30,
    (0, 6): 40,
    (0, 7): 43,
    (1, 2): -6,
    (1, 3): 0,
    (1, 4): 29,
    (1, 5): 50,
    (1, 6): 10,
    (1, 7): 40,
    (2, 3): 35,
    (2, 4): 50,
    (2, 5): 20,
    (2, 6): 13,
    (2, 7): 5,
    (3, 4): 23,
    (3, 5): 13,
    (3, 6): 58,
    (3, 7): 45,
    (4, 5): 45,
    (4, 6): -1,
    (4, 7): 13,
    (5, 6): 5,
    (5, 7): 21,
    (6, 7): 20,
}
# Athletes down (fallen) in a round: 15, 24, 37 in round 3 (PP in round 2); 16 in round 3
# (deferred PP processed in round 2); 03 in round 5 (deferred PP processed in round 4).
DOWN = {3: {(1, 5), (2, 4), (3, 7), (1, 6)}, 5: {(0, 3)}}
# Falls, in the round whose movement makes them: round 2 the PP of 15, 24, 37 and the declared PP
# of 16; not the three-legged 06 (its PP is not the pair's moving pair, Q8 and the rules page);
# round 4 the declared PP of 03.
FALLS = {2: {(1, 5), (2, 4), (3, 7), (1, 6)}, 4: {(0, 3)}}
# Movements waiting for a declaration (an X was played, the athlete was not down).
WAITING = {
    1: {(0, 7), (1, 6), (2, 5), (3, 4)},
    3: {(0, 3), (1, 2), (4, 6), (5, 7), (0, 6), (1, 7)},
    4: {(0, 7), (1, 6), (2, 5), (3, 4), (0, 5), (1, 4), (2, 3), (6, 7)},
}

# ---------------------------------------------------------------------------------------------
# Rankings (Q9), by hand.
#
# 100m dash, 16 athletes, higher distance first:
#    58 36 -> 1 | 50 15, 24 -> 2, 2 | 45 02, 37 -> 4, 4 | 43 07 -> 6 | 35 23 -> 7 | 29 14 -> 8
#    | 23 34 -> 9 | 21 57 -> 10 | 20 67 -> 11 | 13 01, 47 -> 12, 12 | 10 16 -> 14 | 6 03 -> 15
#    | -6 12 -> 16
#
# Marathon, 5 athletes, population standard deviation of the five movements (dm):
#    27: 7 7 -2 -2 -5   mean 1    squares of deviations 36+36+9+9+36 = 126, var 25.2, sd 5.020
#    56: the same                                                               sd 5.020
#    35: 10 -5 10 -2 0  mean 2.6  54.76+57.76+54.76+21.16+6.76 = 195.2,  var 39.04, sd 6.248
#    05: -2 7 10 0 15   mean 6    64+1+16+36+81 = 198,                   var 39.6,  sd 6.293
#    13: 7 7 -7 -2 -5   total exactly 0 m -> last, although its sd (5.933) is lower than 35's
#    ranks: 27 -> 1, 56 -> 1, 35 -> 3, 05 -> 4, 13 -> 5.
#    (05's sd depends on Q5: its deferred QQ +5 counts in round 5, not round 4; counted in round 4
#    the moves would be -2 7 10 5 10 with sd 4.427 and 05 would be first.)
#
# Middle race, 5 athletes: non-zero distances -1 (46), 13 (26), 20 (25), 45 (45); 04 has 0 m.
#    median of the four = (13 + 20) / 2 = 16.5; distances from it: 26 3.5, 25 3.5, 46 17.5, 45 28.5
#    ranks: 25 -> 1, 26 -> 1, 46 -> 3, 45 -> 4, 04 -> 5 (0 m, last; were it counted the median
#    would be 13).
#
# Three-legged race, 2 athletes: 06 and 17 both 40 -> 1, 1.
# ---------------------------------------------------------------------------------------------
RACE = {
    (0, 6): THREE,
    (1, 7): THREE,
    (1, 3): MARATHON,
    (2, 7): MARATHON,
    (5, 6): MARATHON,
    (3, 5): MARATHON,
    (0, 5): MARATHON,
    (0, 4): MIDDLE,
    (2, 5): MIDDLE,
    (2, 6): MIDDLE,
    (4, 5): MIDDLE,
    (4, 6): MIDDLE,
}
RACE.update({pair: DASH for pair in CARDS if pair not in RACE})

RANK = {
    # 100m dash (N = 16)
    (3, 6): 1,
    (1, 5): 2,
    (2, 4): 2,
    (0, 2): 4,
    (3, 7): 4,
    (0, 7): 6,
    (2, 3): 7,
    (1, 4): 8,
    (3, 4): 9,
    (5, 7): 10,
    (6, 7): 11,
    (0, 1): 12,
    (4, 7): 12,
    (1, 6): 14,
    (0, 3): 15,
    (1, 2): 16,
    # marathon (N = 5)
    (2, 7): 1,
    (5, 6): 1,
    (3, 5): 3,
    (0, 5): 4,
    (1, 3): 5,
    # middle race (N = 5)
    (2, 5): 1,
    (2, 6): 1,
    (4, 6): 3,
    (4, 5): 4,
    (0, 4): 5,
    # three-legged race (N = 2)
    (0, 6): 1,
    (1, 7): 1,
}

# ---------------------------------------------------------------------------------------------
# Points (Q10): -ln(X/N) + bonus (1.386 / 0.693 / 0.287 for rank 1 / 2 / 3).
#   dash N=16:  r1 ln16 2.772589 + 1.386 = 4.158589   r2 ln8 2.079442 + 0.693 = 2.772442
#               r4 ln4 1.386294   r6 ln(8/3) 0.980829  r7 ln(16/7) 0.826679   r8 ln2 0.693147
#               r9 ln(16/9) 0.575364   r10 ln1.6 0.470004   r11 ln(16/11) 0.374693
#               r12 ln(4/3) 0.287682   r14 ln(8/7) 0.133531   r15 ln(16/15) 0.064539   r16 0
#               (the two 2nds both take 0.693; there is no 3rd place, so no 0.287)
#   marathon and middle race, N=5:  r1 ln5 1.609438 + 1.386 = 2.995438
#               r3 ln(5/3) 0.510826 + 0.287 = 0.797826   r4 ln1.25 0.223144   r5 0
#               (two firsts: no 2nd bonus, the 3rd still takes 0.287)
#   three-legged N=2:  r1 ln2 0.693147 + 1.386 = 2.079147
# ---------------------------------------------------------------------------------------------
POINTS = {
    (0, 1): 0.288,
    (0, 2): 1.386,
    (0, 3): 0.065,
    (0, 4): 0.0,
    (0, 5): 0.223,
    (0, 6): 2.079,
    (0, 7): 0.981,
    (1, 2): 0.0,
    (1, 3): 0.0,
    (1, 4): 0.693,
    (1, 5): 2.772,
    (1, 6): 0.134,
    (1, 7): 2.079,
    (2, 3): 0.827,
    (2, 4): 2.772,
    (2, 5): 2.995,
    (2, 6): 2.995,
    (2, 7): 2.995,
    (3, 4): 0.575,
    (3, 5): 0.798,
    (3, 6): 4.159,
    (3, 7): 1.386,
    (4, 5): 0.223,
    (4, 6): 0.798,
    (4, 7): 0.288,
    (5, 6): 2.995,
    (5, 7): 0.470,
    (6, 7): 0.375,
}

# Players (Q11): the sum of their seven athletes' points (6-decimal terms from the table above;
# Dr = dash rank r, Fr = rank r in the marathon or middle race, T1 = three-legged rank 1).
# The sum is of the exact points: summing the 3-decimal points instead would give Cy 13.970,
# Flo 10.476, Di 7.810 and Ed 5.349.
#   Ada 0: 01 D12 + 02 D4 + 03 D15 + 04 F5 + 05 F4 + 06 T1 + 07 D6
#          = .287682 + 1.386294 + .064539 + 0 + .223144 + 2.079147 + .980829       =  5.021635
#   Bo  1: 01 D12 + 12 D16 + 13 F5 + 14 D8 + 15 D2 + 16 D14 + 17 T1
#          = .287682 + 0 + 0 + .693147 + 2.772442 + .133531 + 2.079147             =  5.965949
#   Cy  2: 02 D4 + 12 D16 + 23 D7 + 24 D2 + 25 F1 + 26 F1 + 27 F1
#          = 1.386294 + 0 + .826679 + 2.772442 + 3 x 2.995438                      = 13.971729
#   Di  3: 03 D15 + 13 F5 + 23 D7 + 34 D9 + 35 F3 + 36 D1 + 37 D4
#          = .064539 + 0 + .826679 + .575364 + .797826 + 4.158589 + 1.386294       =  7.809291
#   Ed  4: 04 F5 + 14 D8 + 24 D2 + 34 D9 + 45 F4 + 46 F3 + 47 D12
#          = 0 + .693147 + 2.772442 + .575364 + .223144 + .797826 + .287682        =  5.349605
#   Flo 5: 05 F4 + 15 D2 + 25 F1 + 35 F3 + 45 F4 + 56 F1 + 57 D10
#          = .223144 + 2.772442 + 2.995438 + .797826 + .223144 + 2.995438 + .470004 = 10.477436
#   Gus 6: 06 T1 + 16 D14 + 26 F1 + 36 D1 + 46 F3 + 56 F1 + 67 D11
#          = 2.079147 + .133531 + 2.995438 + 4.158589 + .797826 + 2.995438 + .374693 = 13.534662
#   Hal 7: 07 D6 + 17 T1 + 27 F1 + 37 D4 + 47 D12 + 57 D10 + 67 D11
#          = .980829 + 2.079147 + 2.995438 + 1.386294 + .287682 + .470004 + .374693 =  8.574087
# No two totals are equal, so no tie-break is needed:
#   1 Cy 13.972, 2 Gus 13.535, 3 Flo 10.477, 4 Hal 8.574, 5 Di 7.809, 6 Bo 5.966, 7 Ed 5.350,
#   8 Ada 5.022
SCORE = {0: 5.022, 1: 5.966, 2: 13.972, 3: 7.809, 4: 5.350, 5: 10.477, 6: 13.535, 7: 8.574}
PLACE = {2: 1, 6: 2, 5: 3, 7: 4, 3: 5, 1: 6, 4: 7, 0: 8}
# Firsts, seconds, ... per player (the tie-break counts, shown with the standings).
FIRSTS = {0: 1, 1: 1, 2: 3, 3: 1, 4: 0, 5: 2, 6: 4, 7: 2}

# Awards (Q12): 1st Cy 2 tokens of life + 3 garnets, 2nd Gus 1 token + 2 garnets, 3rd Flo
# 2 garnets, lowest (8th) Ada Elimination Candidate; one communal garnet per race winner:
# dash 36; marathon 27, 56; middle race 25, 26; three-legged 06, 17 (7 communal garnets).
RACE_NAME = {DASH: "100m dash", MARATHON: "Marathon", MIDDLE: "Middle race", THREE: "Three-legged race"}
WINNERS = [(3, 6), (2, 7), (5, 6), (2, 5), (2, 6), (0, 6), (1, 7)]


# ---------------------------------------------------------------------------------------------
# Driving the engine
# ---------------------------------------------------------------------------------------------


def by_pair(state):
    return {tuple(a["controllers"]): a for a in state["athletes"]}


def number(state, pair):
    return by_pair(state)[pair]["number"]


def act(state, seat, name, data, step):
    result = ENGINE.apply_action(state, seat, name, data, api.Context(), api.derive_rng(SEED, f"a{step}"))
    assert not isinstance(result, api.Invalid), (seat, name, data, result)
    return result.state


def propose(state, seat, pair, race, partner=None, step=0):
    data = {"athlete": str(number(state, pair)), "race": race}
    if partner is not None:
        data["partner"] = number(state, partner)
    state = act(state, seat, "propose", data, step)
    return state, state["proposals"][-1]["id"]


def answer(state, seat, proposal_id, verb="accept", step=0):
    """Answer by the seat's own number for the proposal (each player numbers what they see)."""
    mine = pregame.number_for(state, seat, state["proposals"][proposal_id - 1])
    return act(state, seat, verb, {"proposal": str(mine)}, step)


def races_of(state):
    return {pair: a["race"] for pair, a in by_pair(state).items()}


def run_pregame(state):
    expected = {pair: DASH for pair in CARDS}
    # A change of mind: 13 to the middle race (Di proposes, Bo agrees), then to the marathon.
    state, pid = propose(state, 3, (1, 3), MIDDLE)
    assert races_of(state)[(1, 3)] == DASH  # nothing happens before the other controller agrees
    state = answer(state, 1, pid)
    assert races_of(state)[(1, 3)] == MIDDLE
    state, pid = propose(state, 1, (1, 3), MARATHON)
    state = answer(state, 3, pid)
    # A three-legged pair 27 + 56, broken up again (Q7): 27 to the marathon sends 56 back to the dash.
    state, pid = propose(state, 2, (2, 7), THREE, partner=(5, 6))
    for seat in (7, 5):
        state = answer(state, seat, pid)
        assert races_of(state)[(2, 7)] == DASH
    state = answer(state, 6, pid)
    assert races_of(state)[(2, 7)] == races_of(state)[(5, 6)] == THREE
    state, pid = propose(state, 7, (2, 7), MARATHON)
    state = answer(state, 2, pid)
    assert races_of(state)[(2, 7)] == MARATHON and races_of(state)[(5, 6)] == DASH
    assert by_pair(state)[(5, 6)]["partner"] is None
    # The other marathon and middle-race moves: one controller proposes, the other accepts.
    for proposer, pair, race in [
        (5, (5, 6), MARATHON),
        (3, (3, 5), MARATHON),
        (0, (0, 5), MARATHON),
        (4, (0, 4), MIDDLE),
        (2, (2, 5), MIDDLE),
        (6, (2, 6), MIDDLE),
        (4, (4, 5), MIDDLE),
        (6, (4, 6), MIDDLE),
    ]:
        state, pid = propose(state, proposer, pair, race)
        other = pair[0] if pair[1] == proposer else pair[1]
        state = answer(state, other, pid)
    # The three-legged pair that runs: 06 (Ada, Gus) with 17 (Bo, Hal); all four must agree.
    state, pid = propose(state, 0, (0, 6), THREE, partner=(1, 7))
    for seat in (6, 1):
        state = answer(state, seat, pid)
        assert races_of(state)[(0, 6)] == DASH
    state = answer(state, 7, pid)
    # Declined: 01 stays in the dash. Pending at the deadline: 47 stays in the dash.
    state, declined = propose(state, 0, (0, 1), MARATHON)
    state = answer(state, 1, declined, "decline")
    state, pending = propose(state, 7, (4, 7), MIDDLE)
    t = ENGINE.resolve(state, "pregame", {}, api.derive_rng(SEED, "rpregame"))
    assert [p.key for p in t.open] == ["round-1"]
    state = t.state
    status = {p["id"]: p["status"] for p in state["proposals"]}
    assert status.pop(declined) == "declined" and status.pop(pending) == "lapsed"
    assert set(status.values()) == {"taken"}
    expected.update(RACE)
    assert races_of(state) == expected
    assert by_pair(state)[(0, 6)]["partner"] == number(state, (1, 7))
    assert by_pair(state)[(1, 7)]["partner"] == number(state, (0, 6))
    return state


def submission(state, seat, n):
    data = {}
    for pair, cards in CARDS.items():
        if seat in pair:
            data[f"card_{number(state, pair)}"] = cards.split()[n - 1][pair.index(seat)]
    for pair, by_seat in DECLARE.get(n, {}).items():
        if seat in by_seat:
            data[f"declare_{number(state, pair)}"] = by_seat[seat]
    return data


def play_match():
    seats = [api.SeatInfo(i, name) for i, name in enumerate(NAMES)]
    settings = ENGINE.validate_settings({}, 8)
    assert not isinstance(settings, api.Invalid), settings
    t = ENGINE.setup(seats, settings, api.derive_rng(SEED, "setup"))
    state = run_pregame(t.state)
    for n in range(1, 6):
        key = f"round-{n}"
        subs = {}
        for seat in range(8):
            data = submission(state, seat, n)
            cleaned = ENGINE.validate_submission(state, key, seat, data)
            assert not isinstance(cleaned, api.Invalid), (n, seat, data, cleaned)
            assert cleaned == data
            counted = ENGINE.default_submission(state, key, seat, cleaned, api.derive_rng(SEED, f"d{key}{seat}"))
            assert counted == cleaned, (n, seat)  # complete: nothing drawn, nothing declared at random
            subs[seat] = counted
        t = ENGINE.resolve(state, key, subs, api.derive_rng(SEED, f"r{key}"))
        state = t.state
        yield n, state, t


@pytest.fixture(scope="module")
def final_state():
    state = None
    for _, state, t in play_match():
        pass
    assert t.finished and state["finished"]
    return state


# ---------------------------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------------------------


def test_the_planned_cards_spend_every_hand():
    """A check of the test's own data: every player plays 8 Q, 8 W, 8 O, 8 P, 3 X, none in round 5."""
    assert len(CARDS) == 28 and all(i < j for i, j in CARDS)
    for seat in range(8):
        played = Counter()
        for pair, cards in CARDS.items():
            if seat in pair:
                rounds = cards.split()
                assert len(rounds) == 5
                assert rounds[4][pair.index(seat)] != "X"
                played.update(r[pair.index(seat)] for r in rounds)
        assert played == Counter({"Q": 8, "W": 8, "O": 8, "P": 8, "X": 3}), seat


def test_round_by_round_movement_falls_and_declarations():
    seen = 0
    for n, state, t in play_match():
        athletes = by_pair(state)
        for pair, moves in MOVES.items():
            assert athletes[pair]["moves"] == moves[:n], (n, pair)
        report = {tuple(a["controllers"]): r for a, r in zip(state["athletes"], state["history"][-1]["athletes"])}
        assert {pair for pair, r in report.items() if r["down"]} == DOWN.get(n, set()), n
        assert {pair for pair, r in report.items() if r["falls"]} == FALLS.get(n, set()), n
        assert {pair for pair, r in report.items() if r["deferred"]} == WAITING.get(n, set()), n
        if n < 5:
            # Declarations owed next round are exactly those planned (none for an X on a fallen athlete).
            owed = set()
            for seat in range(8):
                for field in ENGINE.form(state, f"round-{n + 1}", seat).fields:
                    if field.name.startswith("declare_"):
                        pair = next(p for p, a in athletes.items() if f"declare_{a['number']}" == field.name)
                        owed.add((pair, seat))
            planned = {(pair, seat) for pair, by_seat in DECLARE.get(n + 1, {}).items() for seat in by_seat}
            assert owed == planned, n + 1
        if n == 3:
            # Bo's X on 15 (down in round 3) is spent for nothing: declaring it is refused in round 4.
            data = {**submission(state, 1, 4), f"declare_{athletes[(1, 5)]['number']}": "Q"}
            assert isinstance(ENGINE.validate_submission(state, "round-4", 1, data), api.Invalid)
        if n == 4:
            # X cannot be played in the final round.
            data = submission(state, 0, 5)
            data[f"card_{athletes[(0, 1)]['number']}"] = "X"
            assert isinstance(ENGINE.validate_submission(state, "round-5", 0, data), api.Invalid)
        seen += 1
    assert seen == 5


def test_every_card_is_spent(final_state):
    assert final_state["hands"] == [{"Q": 0, "W": 0, "O": 0, "P": 0, "X": 0}] * 8
    assert final_state["spent"] == [35] * 8


def test_distances_of_every_athlete(final_state):
    athletes = by_pair(final_state)
    assert {pair: sum(a["moves"]) for pair, a in athletes.items()} == DISTANCE
    view = ENGINE.view(final_state, api.Viewer.spectator())
    shown = {tuple(NAMES.index(n) for n in a["controllers"]): a["distance"] for a in view["athletes"]}
    assert shown == DISTANCE


def test_race_ranks_and_points(final_state):
    view = ENGINE.view(final_state, api.Viewer.host())
    pair_of = {a["number"]: pair for pair, a in by_pair(final_state).items()}
    ranks, points, fields = {}, {}, Counter()
    for table in view["tables"]:
        for row in table["rows"]:
            pair = pair_of[row["number"]]
            assert RACE[pair] == table["race"], pair
            assert row["distance"] == DISTANCE[pair], pair
            ranks[pair] = row["rank"]
            points[pair] = row["points"]
            fields[table["race"]] += 1
    assert fields == Counter({DASH: 16, MARATHON: 5, MIDDLE: 5, THREE: 2})
    assert ranks == RANK
    for pair, expected in POINTS.items():
        assert points[pair] == pytest.approx(expected, abs=5e-4), pair


def test_players_scores(final_state):
    """Each player's score is the sum of their athletes' points (Q11), shown to 3 decimals."""
    scores = {s.seat: s.score for s in ENGINE.outcome(final_state).standings}
    for seat, expected in SCORE.items():
        assert scores[seat] == pytest.approx(expected, abs=5e-4), (NAMES[seat], scores[seat], expected)


def test_players_places_and_awards(final_state):
    outcome = ENGINE.outcome(final_state)
    assert {s.seat: s.place for s in outcome.standings} == PLACE
    for s in outcome.standings:
        assert s.detail["rank_counts"][0] == FIRSTS[s.seat], s.seat
    assert [s.seat for s in outcome.standings] == [2, 6, 5, 7, 3, 1, 4, 0]

    personal = [(a.seat, a.kind, a.amount) for a in outcome.awards if a.seat is not None]
    assert sorted(personal) == sorted(
        [
            (2, api.TOKEN_OF_LIFE, 2),
            (2, api.GARNET, 3),  # 1st: Cy
            (6, api.TOKEN_OF_LIFE, 1),
            (6, api.GARNET, 2),  # 2nd: Gus
            (5, api.GARNET, 2),  # 3rd: Flo
            (0, api.ELIMINATION_CANDIDATE, 1),  # lowest (8th): Ada
        ]
    )
    communal = [a for a in outcome.awards if a.seat is None]
    assert all((a.kind, a.amount) == (api.COMMUNAL_GARNET, 1) for a in communal)
    numbers = {pair: a["number"] for pair, a in by_pair(final_state).items()}
    assert len(communal) == len(WINNERS)
    for pair in WINNERS:  # one communal garnet per winning athlete, naming it and its race
        assert (
            sum(1 for a in communal if f"#{numbers[pair]} " in a.reason and RACE_NAME[RACE[pair]] in a.reason) == 1
        ), pair
