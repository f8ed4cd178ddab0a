"""A recorded game played again by the site's engine (issue 29): ``phases`` (each phase adjudicated and set
beside the recording), ``verdict`` (what a recorded result means, and the board compared), ``explain`` (the
reading that reproduces a recording), ``boardgame`` (War of the Worlds files, through their calculator),
``present`` (the result) and ``calculator`` (``dip-replay``)."""
