Two diagrams from a page about ko.

$$W Ko: White to play
$$ +-----------+
$$ | . X O . . |
$$ | X 1 . O . |
$$ | . X O . . |
$$ | . . . . . |
$$ | . . . . . |
$$ +-----------+

White captures at 1. Black may not take back at once.

$$B After a ko threat
$$ +-----------+
$$ | . X O . 5 |
$$ | X W 1 O 6 |
$$ | . X O . . |
$$ | . . . . 3 |
$$ | . . . . 2 |
$$ +-----------+
4: ko at B4
7: ko at 1

Black takes the ko with 1; White retakes with 4 after a threat, and Black
retakes with 7.
