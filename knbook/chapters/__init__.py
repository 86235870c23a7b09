"""Two chapters' tables and sentences, made from what knlib counted: the simulations
chapter (:mod:`.simulations`) and the chapter on playing the computer (:mod:`.players`)."""
