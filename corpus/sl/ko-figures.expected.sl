$$Bc5
$$ +-----------+
$$ | . Y O . 5 |
$$ | X O 1 O 6 |
$$ | . X O . . |
$$ | . . . . 3 |
$$ | . . . . 2 |
$$ +-----------+
4: ko at B4
7: ko at 1

corpus/sl/ko-fight.sgf: warning[W729 sl-cannot-carry]: diagram 1: Sensei's Library diagrams cannot carry: labels on stones (1)
