"""What the test folders share: helpers (games played through the API, mail read and sent,
players at a terminal, pages, what Redis holds) and the data they read. A test module imports
its helpers from here, from `tests.parts` and from `tests.api_client`, never from another test
module or a conftest, so each folder runs alone (`tests/test_folders.py`)."""
