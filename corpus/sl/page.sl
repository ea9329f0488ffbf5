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
$$ | . X O . 3 |
$$ | X W 1 O 4 |
$$ | . X O . . |
$$ | . . . . . |
$$ | . . . . 2 |
$$ +-----------+
5 at 1.

Black retakes with 1; 5 is the retake at 1.
