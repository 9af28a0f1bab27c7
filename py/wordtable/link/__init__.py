"""Play by link: a game between devices that never connect, each move a link its player sends
by any chat app (issue 35). See table.LinkTable (one game as one device holds it), outgoing
(the links it sends), incoming (the links it opens, each checked before it is taken), draws
(random events drawn with every device), codec (a link's payload as it travels) and device (a
device's games, the command line's `link`)."""
