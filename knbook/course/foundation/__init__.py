"""What every kind of question of the course stands on: the question itself, its feedback
and the helpers every kind shares (:mod:`.question`), and the rules of thumb with how often
each is right (:mod:`.thumbs`).

It imports only knlib and the book's catalogue, so the course's modules and its decision
questions (:mod:`knbook.course.decisions`) import it and nothing here imports them back.
"""
