This page shows the 3-4 point approach and the standard answer.

$$Bc19m5 Small knight's move joseki
$$ ----------------------+
$$ . . . . . . . . . . . |
$$ . . . . . . . . . . . |
$$ . . . . . . . . 3 . . |
$$ . . . , . . . . X 4 . |
$$ . . . . . . . . . 2 . |
$$ . . . . . . . . 1 O a |
$$ . . . . . . . . . . . |
$$ . . . . . . . . . . . |
$$ . . . . . . . . . . . |
$$ . . . , . . . . . , . |
$$ {AR 9:6 7:6}

White 2 is the usual answer; a is an alternative.
