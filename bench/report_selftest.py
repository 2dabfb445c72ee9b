#!/usr/bin/env python3
"""Self-test of bench/report.py on two hand-written result CSVs: the page has the totals, the directories, a quantile
and a scatter plot as inline SVG, marks the wrong answer, fetches nothing, and is the same when written twice.

Needs Debian's python3-matplotlib (ctest runs it with /usr/bin/python3). Exit status 0 when all pass.
"""

import csv
import os
import re
import sys
import tempfile
import unittest

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
import report  # noqa: E402  (needs the path above)
from run import CSV_FIELDS  # noqa: E402

OLD = [("dir-a/one.yml", "correct-true", 0.20), ("dir-a/two.yml", "correct-false", 1.50),
       ("dir-b/three.yml", "unknown", 9.00), ("dir-b/four.yml", "correct-true", 0.05)]
NEW = [("dir-a/one.yml", "correct-true", 0.10), ("dir-a/two.yml", "wrong-true", 0.70),
       ("dir-b/three.yml", "correct-true", 2.00), ("dir-b/four.yml", "correct-true", 0.04)]


def write_csv(path, results):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for task, status, cpu in results:
            writer.writerow({"task": task, "property": "termination", "expected": "true", "verdict": "",
                             "status": status, "cpu_s": cpu, "wall_s": cpu, "peak_mb": 50, "reason": "",
                             "witness": ""})


class ReportTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.old, cls.new = (os.path.join(cls.folder.name, name) for name in ("old.csv", "new.csv"))
        write_csv(cls.old, OLD)
        write_csv(cls.new, NEW)
        cls.page_path = os.path.join(cls.folder.name, "page.html")
        assert report.main([cls.old, cls.new, "--names", "before,after", "--html", cls.page_path]) == 0
        with open(cls.page_path) as f:
            cls.page = f.read()

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def figure(self, name):
        found = re.search(r'<figure id="%s">(.*?)</figure>' % name, self.page, re.S)
        self.assertIsNotNone(found, "no %s figure" % name)
        return found.group(1)

    def test_quantile_plot_has_a_line_per_run_with_its_counts(self):
        svg = self.figure("quantile")
        self.assertTrue(svg.startswith("<svg"))
        self.assertIn("before (3 correct)", self.page_text(svg))
        self.assertIn("after (3 correct, 1 wrong)", self.page_text(svg))

    def test_scatter_plot_marks_the_wrong_answer(self):
        svg = self.figure("scatter")
        text = self.page_text(svg)
        self.assertIn("wrong in either (1)", text)
        self.assertIn("correct in both (2)", text)
        self.assertIn("correct in one (1)", text)

    def test_tables(self):
        self.assertRegex(self.page, r"<td>dir-a</td><td>2</td><td>0</td><td>0</td><td>1\.7</td>"
                                    r"<td>1</td><td class=wrong>1</td><td>0</td><td>0\.8</td>")
        self.assertIn("<td>dir-b</td>", self.page)
        self.assertIn("<td>before</td>", self.page)

    def test_nothing_is_fetched(self):
        self.assertNotRegex(self.page, r'(src|href)\s*=\s*"?(https?:)?//')
        self.assertNotIn("<script", self.page)

    def test_same_csvs_same_page(self):
        again = os.path.join(self.folder.name, "again.html")
        self.assertEqual(report.main([self.old, self.new, "--names", "before,after", "--html", again]), 0)
        with open(again) as f:
            self.assertEqual(f.read(), self.page)

    def test_one_run_has_no_scatter_plot(self):
        single = os.path.join(self.folder.name, "single.html")
        self.assertEqual(report.main([self.old, "--html", single]), 0)
        with open(single) as f:
            text = f.read()
        self.assertIn('<figure id="quantile">', text)
        self.assertNotIn('<figure id="scatter">', text)

    @staticmethod
    def page_text(svg):
        # matplotlib writes each label as a comment before the outlines of its glyphs.
        return " ".join(re.findall(r"<!-- (.*?) -->", svg))


if __name__ == "__main__":
    unittest.main()
