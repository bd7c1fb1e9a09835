"""The one error type the rules raise, carrying a message a player understands.

Rules code has no Flask, so messages are English templates marked with ``N_`` for
extraction; the web layer translates ``template`` and then fills in ``params``.
"""


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it here."""
    return message


class RuleError(ValueError):
    """A refused action: ``template % params`` says why, ``field`` names the input.

    >>> e = RuleError(N_("%(name)s may not bid %(value)s."), field="bid", name="Marie", value=2)
    >>> str(e), e.field
    ('Marie may not bid 2.', 'bid')
    """

    def __init__(self, template: str, field: str | None = None, **params):
        self.template = template
        self.field = field
        self.params = params
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template


class Unchanged(RuleError):
    """A correction equal to what the round records: there is nothing to record. The web
    answers it as done (the sheet as it stands), so that a correction sent twice (a double
    tap, a retry) gets the answer the first got; anything unaware of it still refuses it."""
