"""`python -m interjson ARGS` runs the binary, as the `interjson` console script does."""

from ._launcher import main

if __name__ == "__main__":
    main()
