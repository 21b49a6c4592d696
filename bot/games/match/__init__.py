"""Quick matches: strangers paired by rating from the private chat, each playing on a board in
their own private chat (pairing: who meets whom; service: the queue, the waiting screen, the
deal)."""
